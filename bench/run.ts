// `npm run bench`: each benchmark prints one JSON line {"bench", "value", "unit", "baseline", "ratio"}.
// A ratio compares against a baseline of the same run (or, for a budget, the budget itself), so results
// mean the same on any machine. Nothing here asserts: the figures are read, not gated.
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';
import { runIngestBenchmarks } from './ingest.js';
import { runAlarmNotifyBenchmark } from './alarm-notify.js';
import { runApiInfoBenchmark } from './api-info.js';
import { runBackfillApiBenchmark } from './api-backfill.js';
import { runStationApiBenchmarks } from './api-station.js';
import { runSimBenchmark } from './sim.js';
import { runRollupBenchmarks } from './rollups.js';
import { runScaleoutBenchmark } from './scaleout.js';
import { runSoakBenchmark, soakOptions } from './soak.js';

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
 * What the login route costs over the wire: the bytes Chromium actually receives (response headers and
 * encoded bodies, as its network layer reports them: encodedDataLength over CDP) on a cold visit to
 * /#/login/index with its usual Accept-Encoding — every response of the visit, the document, scripts,
 * styles, icons and API calls — against the 300 KB budget. Nothing else touches that visit (reading
 * bodies through the driver made the count unsteady); a second cold visit checks that no script of the
 * route mentions ECharts (charts are lazy-loaded).
 */
async function loginRouteTransfer(baseUrl: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let received = 0;
    const started = new Set<string>();
    const ended = new Set<string>();
    let allEnded = (): void => undefined;
    const end = (requestId: string): void => {
      ended.add(requestId);
      if (ended.size === started.size) allEnded();
    };
    cdp.on('Network.requestWillBeSent', (event) => started.add(event.requestId));
    cdp.on('Network.loadingFinished', (event) => {
      received += event.encodedDataLength;
      end(event.requestId);
    });
    cdp.on('Network.loadingFailed', (event) => end(event.requestId));
    await page.goto(`${baseUrl}/#/login/index`, { waitUntil: 'networkidle' });
    await page.locator('input').first().waitFor();
    if (ended.size < started.size) await new Promise<void>((resolve) => (allEnded = resolve));
    await context.close();
    const budget = 300 * 1024;
    print({
      bench: 'web.loginTransfer',
      value: received,
      unit: 'bytes received',
      baseline: budget,
      ratio: round(received / budget),
      note: `${started.size} responses; budget 300 KB`,
    });

    const second = await browser.newContext();
    const scripts = await second.newPage();
    const pending: Promise<boolean>[] = [];
    scripts.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        pending.push(
          response.text().then(
            (text) => /echarts/i.test(text),
            () => false,
          ),
        );
    });
    await scripts.goto(`${baseUrl}/#/login/index`, { waitUntil: 'networkidle' });
    await scripts.locator('input').first().waitFor();
    const echarts = (await Promise.all(pending)).filter(Boolean).length;
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
// of its figures' names, or one figure's whole name); none named runs everything but the soak, which runs
// only when named. Options (`--minutes 1`) come after the names and go to the soak, the one benchmark
// that takes any: `npm run bench -- soak --minutes 1 --inverters 5000`.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const only = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const named = (...names: string[]): boolean =>
  names.some((name) => only.includes(name) || only.includes(name.split('.')[0] ?? name));
const wanted = (...names: string[]): boolean => only.length === 0 || named(...names);
if (options.length > 0 && !named('soak')) {
  console.error(
    `bench: options (${options.join(' ')}) are the soak's only: npm run bench -- soak ${options.join(' ')}`,
  );
  process.exit(2);
}
// Checked before anything runs, so a mistyped option does not wait for the other benchmarks.
const soak = named('soak') ? soakOptions(options) : null;

if (wanted('web.loginTransfer')) {
  const server = await startServer();
  try {
    await loginRouteTransfer(server.baseUrl);
  } finally {
    await server.stop();
  }
}
// The console's first calls (/api/info, /api/routes) ÷ /api/config on the same server (bench/api-info.ts).
if (wanted('api.info', 'api.routes')) await runApiInfoBenchmark(print);
// Station API: charts and the station list req/s ÷ a bare route with the same body (bench/api-station.ts).
if (wanted('api.powerChart', 'api.energyChart', 'api.stationList', 'api.homeStats'))
  await runStationApiBenchmarks(print);
// The console's first calls while the demo fleet back-fills on PGlite ÷ the same once it is done (bench/api-backfill.ts).
if (wanted('api.duringBackfill')) await runBackfillApiBenchmark(print);
// Ingest: readings/s from MQTT into PostgreSQL and PGlite ÷ the database's raw bulk load (bench/ingest.ts).
if (wanted('ingest.postgres', 'ingest.pglite')) await runIngestBenchmarks(print);
// Alarm → mail: raise over MQTT to SMTP receipt through the ingest and the notification worker, p95 ms ÷
// a plain nodemailer mail's p95 to the same listener (bench/alarm-notify.ts).
if (wanted('alarm.notify')) await runAlarmNotifyBenchmark(print);
// Simulator: device readings/s on one core ÷ JSON.stringify of the same messages (bench/sim.ts).
if (wanted('sim.readings')) runSimBenchmark(print);
// Two ingest processes ÷ one draining the same backlog from Mosquitto (bench/scaleout.ts).
if (wanted('scaleout.ingest')) await runScaleoutBenchmark(print);
// Rollup worker: queue entries drained per second for a fleet of 10-inverter stations, an hour's backlog ÷ a
// plain aggregate over the same rows, and live minutes ÷ what 100,000 inverters queue (bench/rollups.ts).
if (
  wanted('rollups.postgres.backlog', 'rollups.postgres.live', 'rollups.pglite.backlog', 'rollups.pglite.live')
)
  await runRollupBenchmarks(print);
// Soak, only when named: about 100,000 simulated inverters through the built server on PostgreSQL for 10
// minutes, memory slope, API p99 and ingest lag (bench/soak.ts, docs/soak.md).
if (soak !== null) await runSoakBenchmark(print, soak);
