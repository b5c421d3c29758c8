// Station API throughput (Step 3): the power chart, the energy chart (YEAR and MONTH) and the station list
// page, each in req/s through the whole stack (HTTP, session, scope, SQL, serialisation) ÷ a bare Fastify
// route answering the same JSON body from memory, on the same machine in the same run. Step 4a adds the
// status-filtered list page and the Home KPIs, over 10,000 stations with a logger, an inverter and a meter
// each (facts kept as the jobs keep them), and the same three at 100,000 stations on PostgreSQL
// (BENCH_STATIONS_100K=0 skips those).
//
// Data, generated with SQL: one station with 10 loggers and 1,000 devices (980 inverters, 10 meters,
// 10 batteries) with 5-minute telemetry for BENCH_STATION_DAYS days ending yesterday (default 3 on
// PostgreSQL, 1 on PGlite: a full year is 105 million rows, far beyond a two-minute bench — set 365 to
// run it), a year of station hour rollups with their day and month rollups computed from them by the same
// GROUP BYs the rollup worker uses, and 10,000 more stations for the list.
// Run alone with `npx tsx bench/api-station.ts`; `npm run bench` runs it too.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seed } from '../apps/server/src/bootstrap/seed.js';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { paths } from '../apps/server/src/paths.js';
import { refreshStale } from '../apps/server/src/modules/facts/facts.writer.js';
import { sqlRunner } from '../apps/server/src/modules/ingest/sql.js';
import { RollupRepository } from '../apps/server/src/modules/rollups/rollup.repository.js';
import type { BenchResult } from './ingest.js';

const ADMIN_PASSWORD = 'Bench#Pass-2026';
const TIME_ZONE = 'Europe/Berlin';
const GATEWAYS = 10;
const DEVICES_PER_GATEWAY = 100;
const LIST_STATIONS = 10_000;
const MEASURE_MS = Number(process.env.BENCH_STATION_MEASURE_MS ?? 3_000);
const CONCURRENCY = 8;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));
const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

export async function openBenchDatabase(): Promise<{
  database: Database;
  kind: string;
  drop: () => Promise<void>;
}> {
  const options = { migrationsFolder: paths.migrations };
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  try {
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  } catch {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { database, kind: 'pglite', drop: () => database.close() };
  }
  const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 8 }, options);
  await database.migrate();
  return {
    database,
    kind: 'postgres',
    drop: async () => {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** Station-local date `daysBack` days before today, YYYY-MM-DD. */
function localDate(daysBack: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(
    Date.now() - daysBack * 86_400_000,
  );
  return parts;
}

/** The station, its devices, `days` days of 5-minute telemetry and a year of station rollups. */
export async function buildStation(
  database: Database,
  days: number,
): Promise<{ stationId: number; rows: number }> {
  const db = database.db;
  const [station] = await queryRows<{ id: number }>(
    db,
    sql`insert into stations (company_id, name, type, capacity_kwp, price, currency, time_zone)
        values (1, 'Bench station', 'GROUND_STATION', 5000, 0.12, 'EUR', ${TIME_ZONE}) returning id`,
  );
  if (!station) throw new Error('station not created');
  const stationId = station.id;
  await db.execute(sql`insert into gateways (sn, model, secret_hash, station_id, company_id, upload_interval_s)
    select 'BENCHGW' || lpad(g::text, 5, '0'), 'SF-LOGGER-4G', 'x', ${stationId}, 1, 300
    from generate_series(1, ${GATEWAYS}) g`);
  await db.execute(sql`insert into devices (gateway_id, sn, device_type, model, unit_id)
    select gw.id, 'BENCHDEV' || lpad((gw.rn * ${DEVICES_PER_GATEWAY} + n)::text, 6, '0'),
      case when n = ${DEVICES_PER_GATEWAY} then 'METER' when n = ${DEVICES_PER_GATEWAY - 1} then 'BATTERY' else 'INVERTER' end,
      'BENCH', n
    from (select id, row_number() over (order by id) - 1 as rn from gateways where station_id = ${stationId}) gw
    cross join generate_series(1, ${DEVICES_PER_GATEWAY}) n`);

  const first = localDate(days);
  const last = localDate(1);
  const from = sql`(${first}::date::timestamp at time zone ${TIME_ZONE})`;
  const to = sql`((${last}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
  const months = await queryRows<{ m: string }>(
    db,
    sql`select to_char(m, 'YYYY-MM-DD') as m from generate_series(date_trunc('month', ${first}::date),
        date_trunc('month', ${last}::date), interval '1 month') m`,
  );
  for (const { m } of months) await db.execute(sql`select telemetry_ensure_partition(${m}::date)`);
  // Day by day keeps each statement's memory small on PGlite.
  for (let d = days; d >= 1; d--) {
    const day = localDate(d);
    await db.execute(sql`insert into telemetry (device_id, ts, gateway_id, power_w, soc_pct)
      select d.id, t, d.gateway_id,
        case d.device_type
          when 'INVERTER' then greatest(0, 5000 * sin(pi() * (extract(epoch from t)::bigint % 86400) / 86400.0))
          when 'METER' then 2000 - 40000 * sin(pi() * (extract(epoch from t)::bigint % 86400) / 86400.0)
          else -800 * cos(pi() * (extract(epoch from t)::bigint % 86400) / 43200.0) end,
        case when d.device_type = 'BATTERY' then 50 + 40 * sin(pi() * (extract(epoch from t)::bigint % 86400) / 86400.0) end
      from devices d join gateways g on g.id = d.gateway_id and g.station_id = ${stationId}
      cross join generate_series((${day}::date::timestamp at time zone ${TIME_ZONE}),
        ((${day}::date + 1)::timestamp at time zone ${TIME_ZONE}) - interval '5 minutes', interval '5 minutes') t`);
  }
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from telemetry where ts >= ${from} and ts < ${to}`,
  );

  // A year of station hours ending yesterday, then its days and months as the rollup worker builds them.
  await db.execute(sql`insert into rollup_station_hour (station_id, bucket, energy_kwh, charge_kwh, discharge_kwh,
      import_kwh, export_kwh, samples, peak_power_w, yield_kwh_kwp, income, currency)
    select ${stationId}, h, e, e * 0.05, e * 0.04, 20, e * 0.7, 12000, e * 1000, e / 5000, e * 0.12, 'EUR'
    from generate_series((${localDate(366)}::date::timestamp at time zone ${TIME_ZONE}), ${to} - interval '1 hour',
      interval '1 hour') h,
      lateral (select greatest(0, 4000 * sin(pi() * ((extract(epoch from h)::bigint % 86400) / 3600 - 5) / 14.0))::float8 as e) x`);
  const sums = sql.raw(
    ['energy_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh']
      .map((c) => `sum(${c}::numeric)::float8`)
      .join(', '),
  );
  await db.execute(sql`insert into rollup_station_day (station_id, day, energy_kwh, charge_kwh, discharge_kwh,
      import_kwh, export_kwh, samples, peak_power_w, yield_kwh_kwp, income, currency)
    select ${stationId}, (bucket at time zone ${TIME_ZONE})::date, ${sums}, sum(samples)::int, max(peak_power_w),
      sum(energy_kwh::numeric)::float8 / 5000, sum(energy_kwh::numeric)::float8 * 0.12, 'EUR'
    from rollup_station_hour where station_id = ${stationId} group by 2`);
  await db.execute(sql`insert into rollup_station_month (station_id, month, energy_kwh, charge_kwh, discharge_kwh,
      import_kwh, export_kwh, samples, peak_power_w, yield_kwh_kwp, income, currency)
    select ${stationId}, date_trunc('month', day)::date, ${sums}, sum(samples)::int, max(peak_power_w),
      sum(energy_kwh::numeric)::float8 / 5000, sum(energy_kwh::numeric)::float8 * 0.12, 'EUR'
    from rollup_station_day where station_id = ${stationId} group by 2`);
  // The station's 5-minute curve, by the rollup worker's own statement over the history's buckets.
  await db.transaction(async (tx) => {
    const [span] = await queryRows<{ s: string; e: string }>(
      tx,
      sql`select to_char(${from} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as s,
        to_char(${to} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as e`,
    );
    if (!span) throw new Error('span');
    await new RollupRepository(tx).recomputeCurves([{ stationId, first: span.s, last: span.e }]);
  });
  await db.execute(sql`analyze`);
  return { stationId, rows: count?.n ?? 0 };
}

/**
 * `count` more stations for the list, each with one logger and an inverter and a meter that reported
 * just now (a third of the inverters at night), a third of the loggers silent for an hour (offline), an
 * open fault on every tenth inverter; then their facts as the jobs refresh them.
 */
export async function addListStations(database: Database, offset: number, count: number): Promise<void> {
  const db = database.db;
  await db.execute(sql`insert into stations (company_id, name, type, capacity_kwp, time_zone)
    select 1, 'List station ' || lpad(n::text, 6, '0'), 'HOUSEHOLD_PV', 10, 'UTC'
    from generate_series(${offset + 1}::int, ${offset + count}::int) n`);
  await db.execute(sql`insert into gateways (sn, model, secret_hash, station_id, company_id, upload_interval_s, last_seen_at)
    select 'LISTGW' || lpad(s.id::text, 7, '0'), 'SF-LOGGER-4G', 'x', s.id, 1, 300,
      case when s.id % 3 = 0 then now() - interval '1 hour' else now() end
    from stations s where s.name like 'List station %' and not exists (select 1 from gateways g where g.station_id = s.id)`);
  await db.execute(sql`insert into devices (gateway_id, sn, device_type, model, unit_id, last_seen_at)
    select g.id, 'LISTDEV' || lpad(g.id::text, 7, '0') || k, case k when 1 then 'INVERTER' else 'METER' end,
      'BENCH', k, g.last_seen_at
    from gateways g cross join generate_series(1, 2) k
    where g.sn like 'LISTGW%' and not exists (select 1 from devices d where d.gateway_id = g.id)`);
  await db.execute(sql`insert into device_latest (device_id, ts, values, power_w, producing)
    select d.id, d.last_seen_at, '{}'::jsonb, case when d.id % 3 = 0 then 0 else 3200 end,
      d.device_type <> 'INVERTER' or d.id % 3 <> 0
    from devices d where d.sn like 'LISTDEV%' on conflict do nothing`);
  await db.execute(sql`insert into alarms (gateway_id, device_id, record_id, kind, code, level, started_at)
    select d.gateway_id, d.id, 'bench-' || d.id, 'ALARM', 1, 'URGENT', now()
    from devices d where d.sn like 'LISTDEV%' and d.device_type = 'INVERTER' and d.gateway_id % 10 = 0
    on conflict do nothing`);
  await refreshStale(sqlRunner(database, 'sunfleet-bench'), new Date());
  await db.execute(sql`analyze`);
}

/** Requests per second of GET `url` with CONCURRENCY clients for MEASURE_MS (after a short warm-up). */
async function rate(url: string, headers: Record<string, string>): Promise<number> {
  const run = async (ms: number): Promise<number> => {
    let done = 0;
    const deadline = performance.now() + ms;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          done += 1;
        }
      }),
    );
    return done / ((performance.now() - started) / 1000);
  };
  await run(Math.min(1_000, MEASURE_MS));
  return run(MEASURE_MS);
}

/** The same body, from memory, through a bare Fastify route on another port of this process. */
async function bareRate(body: string): Promise<number> {
  const bare = Fastify();
  bare.get('/bare', (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(body),
  );
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await rate(`${address}/bare`, {});
  } finally {
    await bare.close();
  }
}

async function compare(
  print: (r: BenchResult) => void,
  bench: string,
  url: string,
  headers: Record<string, string>,
  note: string,
): Promise<boolean> {
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  const status = (JSON.parse(body) as { status?: number }).status;
  if (status !== 200) {
    print({ bench, value: 0, unit: 'req/s', baseline: 0, ratio: 0, note: `skipped: answered ${status}` });
    return false;
  }
  const value = await rate(url, headers);
  const baseline = await bareRate(body);
  print({
    bench,
    value: round(value, 1),
    unit: 'req/s',
    baseline: round(baseline, 1),
    ratio: round(value / baseline),
    note: `${note}; ${body.length} bytes; baseline: bare Fastify route with the same body from memory`,
  });
  return true;
}

export async function runStationApiBenchmarks(print: (r: BenchResult) => void): Promise<void> {
  const { database, kind, drop } = await openBenchDatabase();
  const days = Number(process.env.BENCH_STATION_DAYS ?? (kind === 'postgres' ? 3 : 1));
  try {
    const config = loadConfig({
      SERVICES: 'api',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-bench-data',
    });
    await seed(database.db, {
      adminUsername: config.adminUsername,
      adminPassword: ADMIN_PASSWORD,
      dataDir: null,
      localesRoot: paths.locales,
      log,
    });
    const started = performance.now();
    const { stationId, rows } = await buildStation(database, days);
    await addListStations(database, 0, LIST_STATIONS);
    const setupS = (performance.now() - started) / 1000;

    const appWith = (stationFiguresMaxAgeMs: number): ReturnType<typeof buildApp> =>
      buildApp({
        config: { ...config, stationFiguresMaxAgeMs },
        database,
        clock: systemClock,
        logger: log,
        brokerState: () => 'disabled',
        version: 'bench',
        webDist: '/nonexistent-web-dist',
      });
    const app = await appWith(config.stationFiguresMaxAgeMs);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // The same API with its station answers cache off: every list page and Home read afresh, as when
    // pages and callers vary faster than STATION_FIGURES_MAX_AGE_MS (docs/stations.md, Scale).
    const uncachedApp = await appWith(0);
    const uncachedBase = await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = (await (
        await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: config.adminUsername, password: ADMIN_PASSWORD }),
        })
      ).json()) as { data: { token: string } };
      const headers = { authorization: `Bearer ${login.data.token}` };
      const where = `${kind}, 1,000 devices, ${days} day(s) of 5-minute history (setup ${round(setupS, 1)} s)`;
      const day = localDate(1);
      const perDay = rows / days;
      const curveRows = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from rollup_station_5m where station_id = ${stationId}
          and bucket >= (${day}::date::timestamp at time zone ${TIME_ZONE})
          and bucket < ((${day}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
      );
      await compare(
        print,
        'api.powerChart',
        `${base}/api/station/powerChartData?stationId=${stationId}&date=${day}`,
        headers,
        `${where}; ${curveRows[0]?.n ?? 0} curve rows read per request for 288 points (${round((curveRows[0]?.n ?? 0) / 288, 2)} per point; ${Math.round(perDay)} telemetry rows behind them)`,
      );
      for (const dimension of ['YEAR', 'MONTH'] as const) {
        const covered = await queryRows<{ n: number }>(
          database.db,
          dimension === 'YEAR'
            ? sql`select count(*)::int as n from rollup_station_month where station_id = ${stationId}
                  and month >= date_trunc('year', ${day}::date) and month < date_trunc('year', ${day}::date) + interval '1 year'`
            : sql`select count(*)::int as n from rollup_station_day where station_id = ${stationId}
                  and day >= date_trunc('month', ${day}::date) and day < date_trunc('month', ${day}::date) + interval '1 month'`,
        );
        const res = (await (
          await fetch(
            `${base}/api/station/electricityChartData?stationId=${stationId}&dimension=${dimension}&date=${day}`,
            {
              headers,
            },
          )
        ).json()) as { data?: { points?: unknown[] } };
        const n = res.data?.points?.length ?? 0;
        await compare(
          print,
          `api.energyChart.${dimension.toLowerCase()}`,
          `${base}/api/station/electricityChartData?stationId=${stationId}&dimension=${dimension}&date=${day}`,
          headers,
          `${where}; ${covered[0]?.n ?? 0} rollup rows for ${n} points (${round((covered[0]?.n ?? 0) / Math.max(1, n), 2)} rows read per point, no raw rows)`,
        );
      }
      const listBenches = async (suffix: string, stations: number, cached = true): Promise<void> => {
        const at = cached ? base : uncachedBase;
        const fleet = `${kind}, ${stations.toLocaleString('en')} stations, facts kept, ${
          cached ? `answers cached up to ${config.stationFiguresMaxAgeMs} ms` : 'no answer cache'
        }`;
        await compare(
          print,
          `api.stationList${suffix}`,
          `${at}/api/station/list?pageNum=1&pageSize=20`,
          headers,
          `${fleet}; page of 20 as the platform admin`,
        );
        await compare(
          print,
          `api.stationList.status${suffix}`,
          `${at}/api/station/list?pageNum=1&pageSize=20&status=ABNORMAL`,
          headers,
          `${fleet}; page of 20 of the ABNORMAL ones, with their total`,
        );
        await compare(
          print,
          `api.homeStats${suffix}`,
          `${at}/api/station/stats/index`,
          headers,
          `${fleet}; Home KPIs and status counts over every station`,
        );
      };
      await listBenches('', LIST_STATIONS + 1);
      await listBenches('.uncached', LIST_STATIONS + 1, false);
      if (kind === 'postgres' && process.env.BENCH_STATIONS_100K !== '0') {
        await addListStations(database, LIST_STATIONS, 90_000);
        await listBenches('.100k', LIST_STATIONS + 90_001);
        await listBenches('.100k.uncached', LIST_STATIONS + 90_001, false);
      }
    } finally {
      await uncachedApp.close();
      await app.close();
    }
  } finally {
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runStationApiBenchmarks((r) => console.log(JSON.stringify(r)));
}
