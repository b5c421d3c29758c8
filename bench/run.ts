// `npm run bench`: each benchmark prints one JSON line {"bench", "value", "unit", "baseline", "ratio"}.
// A ratio compares against a baseline of the same run (or, for a budget, the budget itself), so results
// mean the same on any machine. Nothing here asserts: the figures are read, not gated.
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';
import { runIngestBenchmarks } from './ingest.js';
import { runApiInfoBenchmark } from './api-info.js';
import { runBackfillApiBenchmark } from './api-backfill.js';
import { runStationApiBenchmarks } from './api-station.js';
import { runSimBenchmark } from './sim.js';

interface Result {
  bench: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  note?: string;
}

const print = (r: Result): void => console.log(JSON.stringify(r));
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/**
 * Initial JavaScript of the login route, gzipped, as Chromium actually loads it on a cold visit to
 * /#/login/index (entry, preloads and the route's lazy chunk) — against the 300 KB budget of Step 1b.
 * Also reports whether ECharts appears in any of it (it must not: charts are lazy-loaded).
 */
async function loginRouteJavaScript(baseUrl: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) {
        res.body().then(
          (body) => scripts.set(res.url(), body),
          () => undefined,
        );
      }
    });
    await page.goto(`${baseUrl}/#/login/index`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    let gzipped = 0;
    let echarts = 0;
    for (const body of scripts.values()) {
      gzipped += gzipSync(body, { level: 9 }).length;
      if (/echarts/i.test(body.toString('utf8'))) echarts += 1;
    }
    const budget = 300 * 1024;
    print({
      bench: 'web.loginInitialJs',
      value: gzipped,
      unit: 'bytes (gzip)',
      baseline: budget,
      ratio: round(gzipped / budget),
      note: `${scripts.size} scripts; budget 300 KB`,
    });
    print({
      bench: 'web.echartsInInitialChunks',
      value: echarts,
      unit: 'scripts mentioning echarts',
      baseline: 0,
      ratio: echarts,
    });
  } finally {
    await browser.close();
  }
}

// `npm run bench -- api.info ingest` runs only the groups named (a group is the part before the first dot
// of its figures' names, or one figure's whole name); none named runs everything.
const only = process.argv.slice(2);
const wanted = (...names: string[]): boolean =>
  only.length === 0 || names.some((name) => only.includes(name) || only.includes(name.split('.')[0] ?? name));

if (wanted('web.loginInitialJs')) {
  const server = await startServer();
  try {
    await loginRouteJavaScript(server.baseUrl);
  } finally {
    await server.stop();
  }
}
// The console's first calls (/api/info, /api/routes) ÷ /api/config on the same server (bench/api-info.ts).
if (wanted('api.info', 'api.routes')) await runApiInfoBenchmark(print);
// Station API: charts and the station list req/s ÷ a bare route with the same body (bench/api-station.ts).
if (wanted('api.powerChart', 'api.energyChart', 'api.stationList')) await runStationApiBenchmarks(print);
// The console's first calls while the demo fleet back-fills on PGlite ÷ the same once it is done (bench/api-backfill.ts).
if (wanted('api.duringBackfill')) await runBackfillApiBenchmark(print);
// Ingest: readings/s from MQTT into PostgreSQL and PGlite ÷ the database's raw bulk load (bench/ingest.ts).
if (wanted('ingest.postgres', 'ingest.pglite')) await runIngestBenchmarks(print);
// Simulator: device readings/s on one core ÷ JSON.stringify of the same messages (bench/sim.ts).
if (wanted('sim.readings')) runSimBenchmark(print);
