// Rollup worker throughput: device entries of the rollup work queue (rollup_dirty) drained per second, for
// STATIONS stations of ten inverters each (four time zones, one a half-hour zone), queued the way the ingest
// queues a fleet that uploads one reading per inverter every minute: one entry per device and minute.
//
// Every inverter also has a day of older readings (every 5 minutes, not queued), as a fleet in service has
// history: a recomputation that reads back through it shows.
//
// - rollups.<db>.backlog: an hour of such entries (57 a device) drained at once ÷ a plain aggregate over
//   the same telemetry rows (group by device and hour: sum, max, count) in rows/s, in the same run. Each
//   entry holds one reading, so the ratio says how close the worker gets to reading its rows once.
// - rollups.<db>.live: then three more minutes, each queued and drained on its own, as the worker meets
//   a fleet it keeps up with; every drain recomputes the nearly full hour the new readings close. The
//   baseline is what 100,000 inverters uploading every minute queue (1,667 entries/s), so a ratio ≥ 1
//   keeps up. The note gives the CPU the drain took (this process + the PostgreSQL backends), which does
//   not depend on what else runs on the machine, and the cores that CPU would take for 100,000 inverters.
//
// Run alone with `npx tsx bench/rollups.ts`; `npm run bench -- rollups` runs it from bench/run.ts.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { queryRows, type Database } from '../apps/server/src/db/client.js';
import { RollupWorker } from '../apps/server/src/modules/rollups/rollup.worker.js';
import { backendCpuMs, openBenchDatabase, type BenchResult } from './ingest.js';

const INVERTERS_PER_STATION = 10;
const TIME_ZONES = ['Europe/Berlin', 'America/Chicago', 'Asia/Kolkata', 'UTC'];
/** Readings at minutes 1…57 of this hour are the backlog, minutes 58, 59 and 60 the live drains. */
const HOUR_START = Date.parse('2026-06-15T10:00:00Z');
const BACKLOG_MINUTES = 57;
const HISTORY_HOURS = 24;
const LIVE_MINUTES = [58, 59, 60];
/** What 100,000 inverters uploading one reading each every 60 s queue. */
const FLEET_ENTRIES_PER_S = 100_000 / 60;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));
const minuteIso = (m: number): string => new Date(HOUR_START + m * 60_000).toISOString();

function stationsOf(kind: 'postgres' | 'pglite'): number {
  const configured = process.env.BENCH_ROLLUP_STATIONS;
  if (configured === undefined) return kind === 'postgres' ? 100 : 25;
  const n = Number(configured);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`BENCH_ROLLUP_STATIONS must be a whole number ≥ 1: ${configured}`);
  return n;
}

/** The stations, their loggers and inverters (no history yet). */
async function seedFleet(database: Database, stations: number): Promise<void> {
  const db = database.db;
  await db.execute(sql`insert into stations (company_id, name, type, time_zone, capacity_kwp, price, currency)
    select 1, 'Rollup bench ' || lpad(n::text, 6, '0'), 'HOUSEHOLD_PV',
      (${`{${TIME_ZONES.join(',')}}`}::text[])[1 + n % ${TIME_ZONES.length}], 100, 0.14, 'EUR'
    from generate_series(1, ${stations}::int) n`);
  await db.execute(sql`insert into gateways (sn, model, secret_hash, station_id, company_id)
    select 'RBGW' || lpad(s.id::text, 7, '0'), 'SF-LOGGER-4G', 'x', s.id, 1
    from stations s where s.name like 'Rollup bench %'`);
  await db.execute(sql`insert into devices (gateway_id, sn, device_type, model, unit_id)
    select g.id, 'RBINV' || lpad(g.id::text, 7, '0') || '-' || k, 'INVERTER', 'SF-INV-3P-10K', k
    from gateways g cross join generate_series(1, ${INVERTERS_PER_STATION}::int) k where g.sn like 'RBGW%'`);
  await db.execute(sql`select telemetry_ensure_partition(${minuteIso(0).slice(0, 10)}::date)`);
}

/**
 * The day before the hour: a reading every 5 minutes whose counter stands still at the value of minute 0
 * (so the energy of the hour is the queued readings' alone, in every time zone), nothing queued.
 */
async function seedHistory(database: Database): Promise<void> {
  await database.db.execute(sql`insert into telemetry (device_id, ts, gateway_id, power_w, energy_total_wh)
    select d.id, ${minuteIso(0)}::timestamptz + m * interval '1 minute', d.gateway_id, 0, 1000000 + d.id * 10
    from devices d cross join generate_series(${-HISTORY_HOURS * 60}::int, 0, 5) m where d.sn like 'RBINV%'`);
}

/**
 * One reading per inverter at each of the minutes, and one queue entry per inverter and minute, in the
 * order the ingest would write them (minute by minute, a logger's devices together).
 */
async function queueMinutes(database: Database, first: number, last: number): Promise<void> {
  const db = database.db;
  const minutes = sql`generate_series(${first}::int, ${last}::int) m`;
  await db.execute(sql`insert into telemetry (device_id, ts, gateway_id, power_w, energy_total_wh)
    select d.id, ${minuteIso(0)}::timestamptz + m * interval '1 minute', d.gateway_id,
      4000 + (d.id % 7) * 100 + m, 1000000 + d.id * 10 + m * 85
    from devices d cross join ${minutes} where d.sn like 'RBINV%'`);
  await db.execute(sql`insert into rollup_dirty (device_id, from_ts, to_ts)
    select d.id, ${minuteIso(0)}::timestamptz + m * interval '1 minute', ${minuteIso(0)}::timestamptz + m * interval '1 minute'
    from devices d cross join ${minutes} where d.sn like 'RBINV%' order by m, d.gateway_id, d.id`);
}

/** CPU time (ms) used so far by this process and, on PostgreSQL, by the pool's backends. */
function cpuMs(database: Database): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + (backendCpuMs(database) ?? 0);
}

interface Drain {
  entries: number;
  ms: number;
  cpuMs: number;
}

/** Drains the queue to the end with one worker. */
async function drain(database: Database): Promise<Drain> {
  const worker = new RollupWorker({ database, log: pino({ level: 'silent' }) });
  const cpu0 = cpuMs(database);
  const t0 = performance.now();
  let entries = 0;
  for (let n = await worker.drainOnce(); n > 0; n = await worker.drainOnce()) entries += n;
  return { entries, ms: performance.now() - t0, cpuMs: cpuMs(database) - cpu0 };
}

/** Rows/s of a plain aggregate over the queued telemetry rows (median of three runs). */
async function plainAggregate(database: Database): Promise<number> {
  const rates: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select sum(n)::int as n from (
            select device_id, date_trunc('hour', ts) as hour, sum(energy_total_wh), max(power_w), count(*) as n
            from telemetry where ts > ${minuteIso(0)}::timestamptz group by 1, 2) x`,
    );
    rates.push((row?.n ?? 0) / ((performance.now() - t0) / 1000));
  }
  return rates.sort((a, b) => a - b)[1] ?? 0;
}

/** The queue must be empty and the stations' energy that of the counters (85 Wh a minute). */
async function check(database: Database, stations: number): Promise<void> {
  const [row] = await queryRows<{ left: number; energy: number }>(
    database.db,
    sql`select (select count(*)::int from rollup_dirty) as left,
          (select sum(energy_kwh::numeric)::float8 from rollup_station_day) as energy`,
  );
  const minutes = LIVE_MINUTES.at(-1) ?? 0;
  const expected = (stations * INVERTERS_PER_STATION * minutes * 85) / 1000;
  if (row?.left !== 0 || Math.abs((row?.energy ?? 0) - expected) > 1e-6 * expected)
    throw new Error(`rollups wrong: ${row?.left} entries left, ${row?.energy} kWh against ${expected}`);
}

async function benchmark(kind: 'postgres' | 'pglite', print: (r: BenchResult) => void): Promise<void> {
  const stations = stationsOf(kind);
  const { database, drop } = await openBenchDatabase(kind);
  try {
    await seedFleet(database, stations);
    await seedHistory(database);
    await queueMinutes(database, 1, BACKLOG_MINUTES);
    await database.db.execute(sql`analyze`);
    const aggregate = await plainAggregate(database);
    const backlog = await drain(database);
    const live: Drain = { entries: 0, ms: 0, cpuMs: 0 };
    for (const minute of LIVE_MINUTES) {
      await queueMinutes(database, minute, minute);
      const d = await drain(database);
      live.entries += d.entries;
      live.ms += d.ms;
      live.cpuMs += d.cpuMs;
    }
    await check(database, stations);
    const devices = stations * INVERTERS_PER_STATION;
    const cpuPerEntry = (d: Drain): number => d.cpuMs / d.entries;
    const backlogRate = backlog.entries / (backlog.ms / 1000);
    const liveRate = live.entries / (live.ms / 1000);
    print({
      bench: `rollups.${kind}.backlog`,
      value: round(backlogRate, 1),
      unit: 'entries/s',
      baseline: round(aggregate, 1),
      ratio: round(backlogRate / aggregate, 4),
      note:
        `${backlog.entries} entries (${devices} inverters × ${BACKLOG_MINUTES} minutes, ${stations} stations) in ` +
        `${Math.round(backlog.ms)} ms, ${cpuPerEntry(backlog).toFixed(3)} CPU ms an entry; baseline: a plain ` +
        `aggregate over the same rows, rows/s`,
    });
    print({
      bench: `rollups.${kind}.live`,
      value: round(liveRate, 1),
      unit: 'entries/s',
      baseline: round(FLEET_ENTRIES_PER_S, 1),
      ratio: round(liveRate / FLEET_ENTRIES_PER_S),
      note:
        `${LIVE_MINUTES.length} drains of one minute (${devices} entries each) in ${Math.round(live.ms)} ms; ` +
        `${cpuPerEntry(live).toFixed(3)} CPU ms an entry (this process${kind === 'postgres' ? ' + PostgreSQL' : ''}), ` +
        `${((cpuPerEntry(live) * FLEET_ENTRIES_PER_S) / 1000).toFixed(2)} cores for 100,000 inverters; baseline: ` +
        `what 100,000 inverters queue, entries/s`,
    });
  } finally {
    await drop();
  }
}

export async function runRollupBenchmarks(print: (r: BenchResult) => void): Promise<void> {
  await benchmark('postgres', print);
  await benchmark('pglite', print);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  await runRollupBenchmarks((r) => console.log(JSON.stringify(r)));
}
