// The SQL forms of the status rules (src/modules/facts/status-sql.ts) against the domain functions
// (packages/domain status.ts) on generated fleets, on both databases: logger, device and station status,
// the station snapshot's counts and validity, and the stored station facts after a refresh.
import {
  deviceRest,
  deviceStatus,
  gatewayStatus,
  isOpenFault,
  restOf,
  stationSnapshot,
  type DeviceFacts,
  type GatewayFacts,
} from '@sunfleet/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.js';
import { refreshStationFacts } from '../src/modules/facts/facts.writer.js';
import {
  deviceRestSql,
  deviceStatusSql,
  factsColumn,
  gatewayStatusSql,
  stationFactsJoin,
  stationFactsSql,
  stationsWithStatus,
  STATION_FACTS_COLUMNS,
} from '../src/modules/facts/status-sql.js';
import { sqlRunner } from '../src/modules/ingest/sql.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';

const NOW = Date.parse('2026-06-01T08:00:00Z');
const at = sql`${new Date(NOW).toISOString()}::timestamptz`;

const alarm = fc.record({
  kind: fc.constantFrom('ALARM', 'EVENT'),
  level: fc.constantFrom('URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'),
  ended: fc.boolean(),
});
// Last seen: never, or up to two hours ago, with the boundary of every upload interval well covered.
const lastSeen = fc.option(
  fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 30_000 }), weight: 3 },
    fc.integer({ min: 0, max: 7_200_000 }),
    fc.constantFrom(...[10, 60, 300].flatMap((i) => [3 * i * 1000 + 60_000, 3 * i * 1000 + 60_001])),
  ),
  { nil: null },
);
const device = fc.record({
  type: fc.constantFrom('INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'),
  agoMs: lastSeen,
  latest: fc.option(
    fc.record({
      producing: fc.boolean(),
      powerW: fc.option(fc.integer({ min: -5000, max: 9000 }), { nil: null }),
      // SunSpec operating states 1–8 (resting ones among them), or none reported.
      stateCode: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    }),
    { nil: null },
  ),
  alarms: fc.array(alarm, { maxLength: 2 }),
});
const gateway = fc.record({
  agoMs: lastSeen,
  interval: fc.constantFrom(10, 60, 300),
  alarms: fc.array(alarm, { maxLength: 2 }),
  devices: fc.array(device, { maxLength: 3 }),
});
const station = fc.array(gateway, { maxLength: 3 });

type GatewaySpec = typeof gateway extends fc.Arbitrary<infer T> ? T : never;

let serial = 0;

describe.each(DATABASES)('status SQL against the domain rules on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
  });
  afterAll(() => t.close());

  /** Writes one generated station; answers its id and the facts the domain functions take. */
  async function write(gws: GatewaySpec[]): Promise<{
    stationId: number;
    gateways: { id: number; facts: GatewayFacts }[];
    devices: { id: number; facts: DeviceFacts; powerW: number | null; type: string }[];
  }> {
    const [s] = await queryRows<{ id: number }>(
      db,
      sql`insert into stations (company_id, name, type) values (1, ${`Gen ${kind} ${serial++}`}, 'HOUSEHOLD_PV') returning id`,
    );
    if (!s) throw new Error('station');
    const out = {
      stationId: s.id,
      gateways: [] as { id: number; facts: GatewayFacts }[],
      devices: [] as { id: number; facts: DeviceFacts; powerW: number | null; type: string }[],
    };
    const seenAt = (ago: number | null) => (ago === null ? null : new Date(NOW - ago).toISOString());
    const openOf = (list: { kind: string; level: string; ended: boolean }[]) =>
      list.filter((a) => isOpenFault({ kind: a.kind, level: a.level, endedAtMs: a.ended ? NOW - 1 : null }))
        .length;
    const addAlarms = async (
      gatewayId: number,
      deviceId: number | null,
      list: { kind: string; level: string; ended: boolean }[],
    ) => {
      for (const a of list)
        await db.execute(sql`insert into alarms (gateway_id, device_id, record_id, kind, code, level, started_at, ended_at)
          values (${gatewayId}, ${deviceId}, ${`r${serial++}`}, ${a.kind}, 1, ${a.level}, ${new Date(NOW - 600_000).toISOString()}::timestamptz,
            ${a.ended ? new Date(NOW - 1).toISOString() : null}::timestamptz)`);
    };
    for (const g of gws) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into gateways (sn, model, secret_hash, station_id, upload_interval_s, last_seen_at)
          values (${`GEN${kind}${serial++}`}, 'SF-LOGGER-4G', 'x', ${s.id}, ${g.interval}, ${seenAt(g.agoMs)}::timestamptz) returning id`,
      );
      if (!row) throw new Error('gateway');
      await addAlarms(row.id, null, g.alarms);
      out.gateways.push({
        id: row.id,
        facts: {
          lastSeenMs: g.agoMs === null ? null : NOW - g.agoMs,
          uploadIntervalS: g.interval,
          openFaults: openOf(g.alarms),
        },
      });
      for (const d of g.devices) {
        const [dev] = await queryRows<{ id: number }>(
          db,
          sql`insert into devices (gateway_id, sn, device_type, model, unit_id, last_seen_at)
            values (${row.id}, ${`GD${kind}${serial++}`}, ${d.type}, 'GEN', 1, ${seenAt(d.agoMs)}::timestamptz) returning id`,
        );
        if (!dev) throw new Error('device');
        if (d.latest !== null)
          await db.execute(sql`insert into device_latest (device_id, ts, values, power_w, state_code, producing)
            values (${dev.id}, ${new Date(NOW).toISOString()}::timestamptz, '{}'::jsonb, ${d.latest.powerW},
              ${d.latest.stateCode}, ${d.latest.producing})`);
        await addAlarms(row.id, dev.id, d.alarms);
        // The producing fact as the ingest stored it; without a reading, isProducing() of no values.
        const producing = d.latest?.producing ?? d.type !== 'INVERTER';
        out.devices.push({
          id: dev.id,
          type: d.type,
          powerW: d.latest?.powerW ?? null,
          facts: {
            lastSeenMs: d.agoMs === null ? null : NOW - d.agoMs,
            uploadIntervalS: g.interval,
            openFaults: openOf(d.alarms),
            producing,
            rest: restOf({ deviceType: d.type, producing, stateCode: d.latest?.stateCode ?? null }),
          },
        });
      }
    }
    return out;
  }

  it('gives every logger, device and station the status of the domain functions (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(station, async (gws) => {
        const w = await write(gws);
        const gRows = await queryRows<{ id: number; status: string }>(
          db,
          sql`select g.id, ${gatewayStatusSql(at)} as status from gateways g where g.station_id = ${w.stationId}`,
        );
        for (const g of w.gateways)
          expect(gRows.find((r) => r.id === g.id)?.status).toBe(gatewayStatus(g.facts, NOW));
        const dRows = await queryRows<{ id: number; status: string; rest: string | null }>(
          db,
          sql`select d.id, ${deviceStatusSql(at)} as status, ${deviceRestSql(at)} as rest
            from devices d join gateways g on g.id = d.gateway_id
            left join device_latest dl on dl.device_id = d.id where g.station_id = ${w.stationId}`,
        );
        for (const d of w.devices) {
          const row = dRows.find((r) => r.id === d.id);
          expect([row?.status, row?.rest]).toEqual([deviceStatus(d.facts, NOW), deviceRest(d.facts, NOW)]);
        }

        const snap = stationSnapshot(
          w.gateways.map((g) => g.facts),
          w.devices.map((d) => d.facts),
          NOW,
        );
        const statuses = w.devices.map((d) => deviceStatus(d.facts, NOW));
        const expected = {
          status: snap.status,
          valid_until: snap.validUntilMs,
          gateways: snap.gateways,
          gateways_online: snap.gatewaysOnline,
          devices: snap.devices,
          devices_fault: snap.devicesFault,
          devices_running: statuses.filter((s) => s === 'RUNNING').length,
          devices_offline: statuses.filter((s) => s === 'OFFLINE').length,
          devices_resting: snap.devicesResting,
        };
        const pick = (r: Record<string, unknown>) => ({
          status: r.status,
          valid_until: r.valid_until_ms === null ? null : Math.round(Number(r.valid_until_ms)),
          gateways: Number(r.gateways),
          gateways_online: Number(r.gateways_online),
          devices: Number(r.devices),
          devices_fault: Number(r.devices_fault),
          devices_running: Number(r.devices_running),
          devices_offline: Number(r.devices_offline),
          devices_resting: Number(r.devices_resting),
        });
        const [live] = await queryRows<Record<string, unknown>>(
          db,
          sql`select q.*, (extract(epoch from q.valid_until) * 1000)::float8 as valid_until_ms
            from (${stationFactsSql(sql`${w.stationId}::int`, at)}) q`,
        );
        expect(pick(live ?? {})).toEqual(expected);

        // What the screens read: the joined facts, and the list's status filter (stale facts computed).
        const readForms = async (): Promise<void> => {
          const [joined] = await queryRows<Record<string, unknown>>(
            db,
            sql`select ${factsColumn('status', at)} as status, ${factsColumn('devices', at)} as devices,
                ${factsColumn('devices_fault', at)} as devices_fault
              from (select ${w.stationId}::int as id) s ${stationFactsJoin(at)}`,
          );
          expect([joined?.status, Number(joined?.devices), Number(joined?.devices_fault)]).toEqual([
            snap.status,
            snap.devices,
            snap.devicesFault,
          ]);
          for (const status of ['ONLINE', 'ABNORMAL', 'OFFLINE', 'OTHER']) {
            const [m] = await queryRows<{ hit: boolean }>(
              db,
              sql`select ${w.stationId}::int in ${stationsWithStatus(sql`${status}`, at)} as hit`,
            );
            expect([status, m?.hit]).toEqual([status, status === snap.status]);
          }
        };
        await readForms();

        // The stored facts after the writer's refresh are the same.
        const runner = sqlRunner(t.database);
        await runner.transaction((tx) => refreshStationFacts(tx, runner.kind, [w.stationId], new Date(NOW)), {
          factsWriter: true,
        });
        const [stored] = await queryRows<Record<string, unknown>>(
          db,
          sql`select ${sql.raw(STATION_FACTS_COLUMNS.join(', '))},
              (extract(epoch from valid_until) * 1000)::float8 as valid_until_ms
            from station_facts where station_id = ${w.stationId}`,
        );
        expect(pick(stored ?? {})).toEqual(expected);
        await readForms();
        // Power now: the inverters online.
        const online = w.devices.filter(
          (d) =>
            d.type === 'INVERTER' &&
            d.powerW !== null &&
            ['RUNNING', 'FAULT', 'OTHER'].includes(deviceStatus(d.facts, NOW)) &&
            d.facts.lastSeenMs !== null &&
            NOW - d.facts.lastSeenMs <= (3 * d.facts.uploadIntervalS + 60) * 1000,
        );
        const power = online.length === 0 ? null : online.reduce((a, d) => a + (d.powerW ?? 0), 0);
        expect(stored?.power_w === null ? null : Number(stored?.power_w)).toBe(power);
      }),
      // 60 generated stations (each several loggers and devices) per database; 120 took 15–17 s a database
      // and passed its 30 s limit once on a loaded CI run.
      { numRuns: 60 },
    );
  }, 90_000);

  it('marks a station’s stored facts stale when a status input changes outside the writer', async () => {
    const w = await write([{ agoMs: 1000, interval: 60, alarms: [], devices: [] }]);
    const runner = sqlRunner(t.database);
    await runner.transaction((tx) => refreshStationFacts(tx, runner.kind, [w.stationId], new Date(NOW)), {
      factsWriter: true,
    });
    const validUntil = async () =>
      (
        await queryRows<{ v: string | null }>(
          db,
          sql`select valid_until::text as v from station_facts where station_id = ${w.stationId}`,
        )
      )[0]?.v;
    expect(await validUntil()).not.toBe('-infinity');
    const gw = w.gateways[0]?.id ?? 0;
    await db.execute(sql`insert into alarms (gateway_id, record_id, kind, code, level, started_at)
      values (${gw}, ${`stale${serial++}`}, 'ALARM', 1, 'URGENT', now())`);
    expect(await validUntil()).toBe('-infinity');
    // A reader computes it on the spot meanwhile: the open fault shows at once.
    const [row] = await queryRows<{ status: string }>(
      db,
      sql`select q.status from (${stationFactsSql(sql`${w.stationId}::int`, at)}) q`,
    );
    expect(row?.status).toBe('ABNORMAL');
  });
});
