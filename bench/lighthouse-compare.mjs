// Two builds of the product side by side under Lighthouse's mobile run: each page of build A, then
// the same page of build B, alternately, so a machine that gets busier or quieter meanwhile weighs
// on both alike. Start the two builds yourself (e.g. two clones, `npm run build`, then
// `DATA_DIR=… SEED=true PORT=… node api/dist/server.js` in each) and give their origins:
//
//   node bench/lighthouse-compare.mjs http://demo.localhost:3401 http://demo.localhost:3402 [runs]
//
// Prints, and writes to bench/results/lighthouse-compare.json, every run and the medians per page.
import { writeFileSync } from 'node:fs';
import { GOALS, lighthouseRun, medianOf } from './lighthouse.mjs';

const [originA, originB, runsArg] = process.argv.slice(2);
if (!originA || !originB) {
  console.error('usage: node bench/lighthouse-compare.mjs ORIGIN_A ORIGIN_B [runs, default 5]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 5);
const PAGES = { welcome: '/', liveNameStep: '/partecipa' };

const pages = {};
for (const [page, path] of Object.entries(PAGES)) {
  const runs = { a: [], b: [] };
  for (let run = 0; run < RUNS; run += 1) {
    runs.a.push(await lighthouseRun(originA + path));
    runs.b.push(await lighthouseRun(originB + path));
    console.log(`${page} run ${run + 1}: TBT A ${runs.a.at(-1).tbtMs} ms, B ${runs.b.at(-1).tbtMs} ms`);
  }
  pages[page] = { a: { median: medianOf(runs.a), runs: runs.a }, b: { median: medianOf(runs.b), runs: runs.b } };
}
const report = { at: new Date().toISOString(), a: originA, b: originB, runsPerPage: RUNS, goals: GOALS, pages };
writeFileSync(new URL('./results/lighthouse-compare.json', import.meta.url), JSON.stringify(report, null, 2) + '\n');
for (const [page, { a, b }] of Object.entries(pages)) {
  console.log(page, '\n  A', JSON.stringify(a.median), '\n  B', JSON.stringify(b.median));
}
