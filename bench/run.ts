// `npm run bench`: each benchmark prints one JSON line {"bench", "value", "unit", "baseline", "ratio"}.
// A ratio compares against a baseline of the same run (or, for a budget, the budget itself), so results
// mean the same on any machine. Nothing here asserts: the figures are read, not gated.
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';
import { runIngestBenchmarks } from './ingest.js';
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

/** /api/info through the whole stack (token lookup, session touch, joins) ÷ a bare route on the same server. */
async function apiInfo(baseUrl: string, username: string, password: string): Promise<void> {
  const login = (await (
    await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).json()) as { data: { token: string } };
  const headers = { authorization: `Bearer ${login.data.token}` };
  const rate = async (url: string, init: RequestInit): Promise<number> => {
    const concurrency = 16;
    const total = 2000;
    let done = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (done < total) {
          done += 1;
          const res = await fetch(url, init);
          await res.arrayBuffer();
        }
      }),
    );
    return total / ((performance.now() - started) / 1000);
  };
  await rate(`${baseUrl}/api/info`, { headers }); // warm-up
  const baseline = await rate(`${baseUrl}/api/config`, {});
  const value = await rate(`${baseUrl}/api/info`, { headers });
  print({
    bench: 'api.info',
    value: round(value, 1),
    unit: 'req/s',
    baseline: round(baseline, 1),
    ratio: round(value / baseline),
    note: 'baseline: GET /api/config (no session, no database) on the same server',
  });
}

const server = await startServer();
try {
  await loginRouteJavaScript(server.baseUrl);
  await apiInfo(server.baseUrl, server.adminUsername, server.adminPassword);
} finally {
  await server.stop();
}
// Station API: charts and the station list req/s ÷ a bare route with the same body (bench/api-station.ts).
await runStationApiBenchmarks(print);
// Ingest: readings/s from MQTT into PostgreSQL and PGlite ÷ the database's raw bulk load (bench/ingest.ts).
await runIngestBenchmarks(print);
// Simulator: device readings/s on one core ÷ JSON.stringify of the same messages (bench/sim.ts).
runSimBenchmark(print);
