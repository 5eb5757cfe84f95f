// Lighthouse's standard mobile run (simulated slow 4G, 4× CPU slowdown) on a page, offline with
// Debian's Chromium, three times; the median of each figure (the score moves a few points from run
// to run on these two cores). `BENCH_SKIP_LIGHTHOUSE=1` skips it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions, median } from './lib.mjs';

const RUNS = 3;


function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    javaScriptServedKiB: Math.round(scriptBytes / 102.4) / 10,
    transferredKiB: Math.round((audit('total-byte-weight') ?? 0) / 102.4) / 10,
  };
}

/** One Lighthouse mobile run of a page in a fresh Chromium. */
export async function lighthouseRun(url) {
  const { executablePath, args } = chromiumLaunchOptions();
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless=new', ...args] });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    return figuresOf(result.lhr);
  } finally {
    await chrome.kill();
  }
}

/** The median of each figure over runs. */
export function medianOf(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}

export const GOALS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };

export async function lighthouseFigures(url) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(url));
  return { url, preset: 'mobile (simulated slow 4G, 4x CPU)', runs, median: medianOf(runs), goals: GOALS };
}
