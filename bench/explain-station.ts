// Where the station list, its status-filtered page and Home spend their time: EXPLAIN (ANALYZE, BUFFERS) of
// each statement the repository sends, then milliseconds per call, over N list stations (default 10,000)
// built as bench/api-station.ts builds them. `npx tsx bench/explain-station.ts`; WHICH=list,status,home
// picks the plans printed (add chart for the power chart's two statements over a station of 1,000 devices
// with a day of history); N=100000 for the larger fleet. Figures in docs/stations.md come from here.
import { sql, type SQL } from 'drizzle-orm';
import { openBenchDatabase, addListStations, buildStation } from './api-station.js';
import { StationChartsRepository } from '../apps/server/src/modules/station-charts/station-charts.repository.js';
import { StationsRepository } from '../apps/server/src/modules/stations/stations.repository.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seed } from '../apps/server/src/bootstrap/seed.js';
import { paths } from '../apps/server/src/paths.js';
import pino from 'pino';

const n = Number(process.env.N ?? 10_000);
const { database, kind, drop } = await openBenchDatabase();
try {
  await seed(database.db, {
    adminUsername: 'admin',
    adminPassword: 'Bench#Pass-2026',
    dataDir: null,
    localesRoot: paths.locales,
    log: pino({ level: 'silent' }),
  });
  await addListStations(database, 0, n);
  const chart = (process.env.WHICH ?? '').includes('chart') ? await buildStation(database, 1) : null;
  const db = database.db;
  let explain = true;
  const proxy = new Proxy(db, {
    get(target, prop, recv) {
      if (prop === 'execute')
        return async (q: SQL) => {
          if (explain) {
            const r = await queryRows<Record<string, string>>(target, sql`explain (analyze, buffers) ${q}`);
            console.log(r.map((x) => Object.values(x)[0]).join('\n'));
          }
          return target.execute(q);
        };
      return Reflect.get(target, prop, recv) as unknown;
    },
  });
  const repo = new StationsRepository(proxy);
  const scope = { kind: 'platform', userId: 1, companyId: 1 } as const;
  const f = { name: null, type: null, status: null, concern: null, companyId: null };
  const now = new Date();
  const which = process.env.WHICH ?? 'list,status,home';
  if (which.includes('list')) {
    console.log('=== list');
    await repo.page(scope, 1, f, { offset: 0, limit: 20 }, now);
  }
  if (which.includes('status')) {
    console.log('=== status');
    await repo.page(scope, 1, { ...f, status: 'ABNORMAL' }, { offset: 0, limit: 20 }, now);
  }
  if (which.includes('home')) {
    console.log('=== home');
    await repo.fleetKpis(scope, 'EUR', now);
  }
  const charts = new StationChartsRepository(proxy);
  const dayMs = Date.now() - 86_400_000;
  const chartCalls = chart
    ? ([
        ['chart.station', () => charts.station(chart.stationId, scope, now)],
        ['chart.curve', () => charts.curve(chart.stationId, dayMs - 43_200_000, dayMs + 43_200_000)],
      ] as const)
    : [];
  for (const [name, fn] of chartCalls) {
    console.log(`=== ${name}`);
    await fn();
  }
  explain = false;
  for (const [name, fn] of [
    ...chartCalls,
    ['list', () => repo.page(scope, 1, f, { offset: 0, limit: 20 }, now)],
    ['status', () => repo.page(scope, 1, { ...f, status: 'ABNORMAL' }, { offset: 0, limit: 20 }, now)],
    ['home', () => repo.fleetKpis(scope, 'EUR', now)],
  ] as const) {
    for (let i = 0; i < 5; i++) await fn();
    const t = performance.now();
    for (let i = 0; i < 30; i++) await fn();
    console.log(kind, name, ((performance.now() - t) / 30).toFixed(2), 'ms per call');
  }
} finally {
  await drop();
}
