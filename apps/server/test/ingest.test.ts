// The ingest end to end over MQTT: a registered logger announces its devices and uploads readings
// through the embedded broker; what the console later shows must be in the database exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from './helpers.js';
import {
  connectTestLogger,
  count,
  deviceSn,
  hello,
  queryRows,
  rawBlocks,
  sql,
  startIngestWorld,
  type IngestWorld,
  type TestLoggerClient,
} from './ingest-support.js';

describe.each(DATABASES)('ingest over MQTT (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLoggerClient;
  const inverter = deviceSn('SFI3A');
  const meter = deviceSn('SFM3');

  beforeEach(async () => {
    world = await startIngestWorld(kind);
    logger = await connectTestLogger(world);
  });
  afterEach(async () => {
    await logger.client.endAsync();
    await world.close();
  });

  const announce = (): Promise<void> =>
    logger.publish(
      'hello',
      hello([
        { sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' },
        { sn: meter, type: 'METER', model: 'SF-MTR-3P' },
      ]),
    );

  it('registers the announced devices and stores decoded and raw readings with their side effects', async () => {
    await announce();
    const devices = await queryRows<{
      sn: string;
      device_type: string;
      model_id: number | null;
      rated_power: number | null;
      unit_id: number;
    }>(
      world.db,
      sql`select d.sn, d.device_type, d.model_id, d.rated_power, d.unit_id from devices d order by d.unit_id`,
    );
    expect(devices.map((d) => [d.sn, d.device_type, d.unit_id])).toEqual([
      [inverter, 'INVERTER', 1],
      [meter, 'METER', 2],
    ]);
    expect(devices.every((d) => d.model_id !== null)).toBe(true);
    // The hello gave no rated power: the model's applies.
    expect(devices[0]?.rated_power).toBe(10_000);
    const [gateway] = await queryRows<{
      firmware: string;
      mac: string;
      upload_interval_s: number;
      last_hello_at: Date | null;
    }>(
      world.db,
      sql`select firmware, mac, upload_interval_s, last_hello_at from gateways where sn = ${logger.sn}`,
    );
    expect(gateway).toMatchObject({ firmware: '2.4.1', mac: '02:1A:2B:3C:4D:5E', upload_interval_s: 60 });
    expect(gateway?.last_hello_at).not.toBeNull();

    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const raw = await rawBlocks(world.definitions, 'METER', 'SF-MTR-3P', {
      W: -1500,
      TotWhImp: 120_000,
      Hz: 50.02,
    });
    await logger.publish('telemetry', {
      v: 1,
      seq: 7,
      readings: [
        {
          dev: inverter,
          ts: t0,
          values: { W: 6120.5, WH: 18_254_300, DCV_1: 612.3, DCV_2: 598.1, St: 4, Vendor: 'x' },
        },
        { dev: meter, ts: t0, raw, values: { Hz: 49.99 } },
        { dev: inverter, ts: t0 + 60_000, values: { W: 6200, WH: 18_254_400 } },
      ],
    });

    const rows = await queryRows<{
      sn: string;
      power_w: number | null;
      energy_total_wh: number | null;
      import_total_wh: number | null;
      grid_frequency_hz: number | null;
      status_code: number | null;
      mppt_v: number[] | null;
      extra: Record<string, unknown> | null;
    }>(
      world.db,
      sql`select d.sn, t.power_w, t.energy_total_wh, t.import_total_wh, t.grid_frequency_hz, t.status_code, t.mppt_v, t.extra
          from telemetry t join devices d on d.id = t.device_id order by t.ts, d.unit_id`,
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      sn: inverter,
      power_w: 6120.5,
      energy_total_wh: 18_254_300,
      status_code: 4,
      mppt_v: [612.3, 598.1],
    });
    expect(rows[0]?.extra).toEqual({ Vendor: 'x' });
    // Raw registers decoded with the meter's definition; `values` win over the decoded Hz.
    expect(rows[1]).toMatchObject({
      sn: meter,
      power_w: -1500,
      import_total_wh: 120_000,
      grid_frequency_hz: 49.99,
    });

    const latest = await queryRows<{ sn: string; ts: number; values: Record<string, unknown> }>(
      world.db,
      sql`select d.sn, (extract(epoch from l.ts) * 1000)::float8 as ts, l.values from device_latest l join devices d on d.id = l.device_id order by d.unit_id`,
    );
    expect(latest.map((l) => [l.sn, l.ts])).toEqual([
      [inverter, t0 + 60_000],
      [meter, t0],
    ]);
    expect(latest[0]?.values).toEqual({ W: 6200, WH: 18_254_400 });
    expect(latest[1]?.values).toMatchObject({ W: -1500, TotWhImp: 120_000, Hz: 49.99 });

    const dirty = await queryRows<{ sn: string; from_ts: number; to_ts: number }>(
      world.db,
      sql`select d.sn, (extract(epoch from r.from_ts) * 1000)::float8 as from_ts, (extract(epoch from r.to_ts) * 1000)::float8 as to_ts from rollup_dirty r join devices d on d.id = r.device_id order by d.unit_id`,
    );
    expect(dirty.map((r) => [r.sn, r.from_ts, r.to_ts])).toEqual([
      [inverter, t0, t0 + 60_000],
      [meter, t0, t0],
    ]);
    const seqs = await queryRows<{
      seq: number;
      readings: number;
      duplicates: number;
      data_ts: Date;
      backlog: boolean;
    }>(
      world.db,
      sql`select seq::int as seq, readings, duplicates, (extract(epoch from data_ts) * 1000)::float8 as data_ts, backlog from gateway_seq_seen`,
    );
    expect(seqs).toEqual([{ seq: 7, readings: 3, duplicates: 0, data_ts: t0, backlog: false }]);
    const [after] = await queryRows<{ last_seq: string | number; last_seen_at: Date | null }>(
      world.db,
      sql`select last_seq, last_seen_at from gateways where sn = ${logger.sn}`,
    );
    expect(Number(after?.last_seq)).toBe(7);
    expect(after?.last_seen_at).not.toBeNull();
    const seen = await queryRows<{ last_seen_at: number | null }>(
      world.db,
      sql`select (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_at from devices order by unit_id`,
    );
    expect(seen.map((d) => d.last_seen_at)).toEqual([t0 + 60_000, t0]);
    expect(world.hooks.committed).toBeGreaterThanOrEqual(1);
  });

  it("keeps the logger's own loss counter from its newest reading of itself, whatever arrives later", async () => {
    await announce();
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000;
    const counter = async (): Promise<[number | null, number | null]> => {
      const [row] = await queryRows<{ dropped: number | null; at: number | null }>(
        world.db,
        sql`select buffer_dropped::int as dropped, (extract(epoch from buffer_dropped_at) * 1000)::float8 as at
            from gateways where sn = ${logger.sn}`,
      );
      return [row?.dropped ?? null, row?.at ?? null];
    };
    const upload = (seq: number, ts: number, dropped: number): Promise<void> =>
      logger.publish('telemetry', {
        v: 1,
        seq,
        readings: [
          { dev: logger.sn, ts, values: { BufDropped: dropped } },
          { dev: inverter, ts, values: { W: 1000 } },
        ],
      });
    expect(await counter()).toEqual([null, null]);
    await upload(30, t0 + 120_000, 5);
    expect(await counter()).toEqual([5, t0 + 120_000]);
    // A backlog message from before, with the count of its own time, does not move it back.
    await upload(31, t0 + 60_000, 2);
    expect(await counter()).toEqual([5, t0 + 120_000]);
    await upload(32, t0 + 180_000, 9);
    expect(await counter()).toEqual([9, t0 + 180_000]);
  });

  it('stores each (device, time) once whatever the duplicates and the order of arrival', async () => {
    await announce();
    const base = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
    const message = (seq: number, from: number, n: number, backlog = false): unknown => ({
      v: 1,
      seq,
      backlog,
      readings: Array.from({ length: n }, (_, i) => ({
        dev: inverter,
        ts: base + (from + i) * 60_000,
        values: { W: 1000 + from + i, WH: 5_000_000 + (from + i) * 10 },
      })),
    });
    // Live messages 3 and 4 first, then the backlog 1 and 2 after an "outage"; 3 twice; overlapping ranges.
    await logger.publish('telemetry', message(3, 20, 10));
    await logger.publish('telemetry', message(4, 30, 10));
    await logger.publish('telemetry', message(3, 20, 10));
    await Promise.all([
      logger.publish('telemetry', message(2, 10, 15, true)),
      logger.publish('telemetry', message(1, 0, 12, true)),
      logger.publish('telemetry', message(2, 10, 15, true)),
    ]);
    expect(await count(world.db, 'telemetry')).toBe(40);
    const distinct = await queryRows<{ n: number }>(
      world.db,
      sql`select count(distinct ts)::int as n from telemetry`,
    );
    expect(distinct[0]?.n).toBe(40);
    const seqs = await queryRows<{ seq: number; duplicates: number; backlog: boolean }>(
      world.db,
      sql`select seq::int as seq, duplicates, backlog from gateway_seq_seen order by seq`,
    );
    expect(seqs).toEqual([
      { seq: 1, duplicates: 0, backlog: true },
      { seq: 2, duplicates: 1, backlog: true },
      { seq: 3, duplicates: 1, backlog: false },
      { seq: 4, duplicates: 0, backlog: false },
    ]);
    // The latest values follow the newest reading, not the last message to arrive.
    const [latest] = await queryRows<{ ts: number }>(
      world.db,
      sql`select (extract(epoch from ts) * 1000)::float8 as ts from device_latest`,
    );
    expect(latest?.ts).toBe(base + 39 * 60_000);
    // Backlog did not move the live sequence back.
    const [gateway] = await queryRows<{ last_seq: string | number }>(
      world.db,
      sql`select last_seq from gateways where sn = ${logger.sn}`,
    );
    expect(Number(gateway?.last_seq)).toBe(4);
  });

  it('stores readings of a month without a partition yet', async () => {
    await announce();
    const old = Date.now() - 200 * 86_400_000;
    await logger.publish('telemetry', {
      v: 1,
      seq: 1,
      backlog: true,
      readings: [{ dev: inverter, ts: old, values: { W: 1 } }],
    });
    expect(await count(world.db, 'telemetry')).toBe(1);
  });
});
