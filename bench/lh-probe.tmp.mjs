import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from './lib.mjs';
const url = process.argv[2];
const { executablePath, args } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless=new', ...args] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  console.log('TBT', Math.round(lhr.audits['total-blocking-time'].numericValue));
  for (const t of lhr.audits['long-tasks'].details.items) console.log('long', Math.round(t.duration), Math.round(t.startTime), t.url);
  for (const t of lhr.audits['mainthread-work-breakdown'].details.items) console.log('work', t.groupLabel ?? t.group, Math.round(t.duration));
  for (const t of lhr.audits['bootup-time'].details.items.slice(0, 10)) console.log('boot', Math.round(t.total), 'script', Math.round(t.scripting), 'parse', Math.round(t.scriptParseCompile), t.url);
} finally { await chrome.kill(); }
