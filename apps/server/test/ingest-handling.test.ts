// The ingest's decisions that need the registry (semantic dead-letter reasons, hello, alarms, hooks,
// poison isolation), driven through its handler directly: what the broker would hand it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uplinkTopic, type UplinkKind } from '@sunfleet/contracts';
import { registerTestLogger, type TestLogger } from './support/loggers.js';
import { DATABASES } from './helpers.js';
import {
  count,
  deviceSn,
  hello,
  queryRows,
  rawBlocks,
  sql,
  startIngestWorld,
  type IngestWorld,
} from './ingest-support.js';

describe.each(DATABASES)('ingest handling (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLogger;
  let other: TestLogger;
  const inverter = deviceSn('SFI3A');
  const battery = deviceSn('SFB1');
  const unknownModel = `QQ${deviceSn('')}`;
  const foreign = deviceSn('SFM3');
  const now = Date.now();

  const send = (sn: string, kind: UplinkKind, body: unknown): Promise<void> =>
    world.service.handle({
      sn,
      topic: uplinkTopic(sn, kind),
      payload: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    });
  const lastDeadLetter = async (): Promise<
    { reason: string; detail: string; gateway_sn: string | null } | undefined
  > =>
    (
      await queryRows<{ reason: string; detail: string; gateway_sn: string | null }>(
        world.db,
        sql`select reason, detail, gateway_sn from ingest_dead_letters order by id desc limit 1`,
      )
    )[0];
  const reading = (dev: string, ts = now - 60_000, values: Record<string, unknown> = { W: 1 }): object => ({
    dev,
    ts,
    values,
  });

  beforeAll(async () => {
    world = await startIngestWorld(kind);
    logger = await registerTestLogger(world.db);
    other = await registerTestLogger(world.db);
    await send(other.sn, 'hello', hello([{ sn: foreign, type: 'METER', model: 'SF-MTR-3P' }]));
    await send(
      logger.sn,
      'hello',
      hello([
        { sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K', ratedPower: 9_000 },
        { sn: battery, type: 'BATTERY', model: 'unknown name' },
        { sn: unknownModel, type: 'METER', model: 'NOT-A-MODEL' },
      ]),
    );
  }, 120_000);
  afterAll(() => world.close());

  it('resolves models by name or by SN rule and keeps the announced rated power', async () => {
    const rows = await queryRows<{
      sn: string;
      model_id: number | null;
      rated_power: number | null;
      gateway_sn: string;
    }>(
      world.db,
      sql`select d.sn, d.model_id, d.rated_power, g.sn as gateway_sn from devices d join gateways g on g.id = d.gateway_id`,
    );
    const bySn = new Map(rows.map((r) => [r.sn, r]));
    expect(bySn.get(inverter)).toMatchObject({ rated_power: 9_000, gateway_sn: logger.sn });
    // 'unknown name' is no model, but SFB1… is the 10 kWh battery's SN rule.
    expect(bySn.get(battery)?.model_id).not.toBeNull();
    expect(bySn.get(battery)?.rated_power).toBe(10_000);
    expect(bySn.get(unknownModel)?.model_id).toBeNull();
  });

  it('refuses a hello naming a device of another logger, whole', async () => {
    const added = deviceSn('SFI1');
    await send(
      logger.sn,
      'hello',
      hello([
        { sn: added, type: 'INVERTER', model: 'SF-INV-1P-5K' },
        { sn: foreign, type: 'METER', model: 'SF-MTR-3P' },
      ]),
    );
    expect(await lastDeadLetter()).toMatchObject({ reason: 'foreign-device', gateway_sn: logger.sn });
    expect(await count(world.db, 'devices', `sn = '${added}'`)).toBe(0);
    const [owner] = await queryRows<{ sn: string }>(
      world.db,
      sql`select g.sn from devices d join gateways g on g.id = d.gateway_id where d.sn = ${foreign}`,
    );
    expect(owner?.sn).toBe(other.sn);
  });

  it.each([
    [
      'unknown-logger',
      'SFUNKNOWN01',
      { v: 1, seq: 1, readings: [{ dev: 'X', ts: Date.now(), values: { W: 1 } }] },
    ],
    [
      'unknown-device',
      null,
      { v: 1, seq: 1, readings: [{ dev: 'NOT-ANNOUNCED', ts: Date.now(), values: { W: 1 } }] },
    ],
    [
      'foreign-device',
      null,
      { v: 1, seq: 1, readings: [{ dev: 'FOREIGN', ts: Date.now(), values: { W: 1 } }] },
    ],
    [
      'timestamp-out-of-range',
      null,
      { v: 1, seq: 1, readings: [{ dev: 'INVERTER', ts: Date.now() + 3_600_000, values: { W: 1 } }] },
    ],
    [
      'no-definition',
      null,
      {
        v: 1,
        seq: 1,
        readings: [{ dev: 'UNKNOWN_MODEL', ts: Date.now(), raw: [{ address: 40000, hex: '0001' }] }],
      },
    ],
    [
      'decode-error',
      null,
      { v: 1, seq: 1, readings: [{ dev: 'INVERTER', ts: Date.now(), raw: [{ address: 1, hex: '0001' }] }] },
    ],
  ])('keeps %s as a dead letter and stores nothing of the message', async (reason, sn, body) => {
    const text = JSON.stringify(body)
      .replace('"FOREIGN"', JSON.stringify(foreign))
      .replace('"INVERTER"', JSON.stringify(inverter))
      .replace('"UNKNOWN_MODEL"', JSON.stringify(unknownModel));
    // A valid reading first: the message is refused whole.
    const whole = text.replace(
      '"readings":[',
      `"readings":[${JSON.stringify(reading(inverter, now - 7_200_000))},`,
    );
    const before = await count(world.db, 'telemetry');
    await send(sn ?? logger.sn, 'telemetry', whole);
    expect(await lastDeadLetter()).toMatchObject({ reason, gateway_sn: sn ?? logger.sn });
    expect(await count(world.db, 'telemetry')).toBe(before);
  });

  it('sets a message the database refuses aside as store-error without holding back its batch', async () => {
    const before = await count(world.db, 'telemetry');
    const base = now - 3 * 3_600_000;
    // NUL cannot be stored in jsonb: that message is poison; the others share its batch.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send(logger.sn, 'telemetry', {
          v: 1,
          seq: 100 + i,
          readings: [reading(inverter, base + i * 1000, i === 3 ? { W: 1, Note: 'a\u0000b' } : { W: i })],
        }),
      ),
    );
    expect(await count(world.db, 'telemetry')).toBe(before + 5);
    expect(await lastDeadLetter()).toMatchObject({ reason: 'store-error' });
    expect(await count(world.db, 'gateway_seq_seen', 'seq = 103')).toBe(0);
  });

  it('decodes raw blocks of a model found by SN rule', async () => {
    const raw = await rawBlocks(world.definitions, 'BATTERY', 'SF-BAT-10K', { ChaState: 55.5 });
    await send(logger.sn, 'telemetry', { v: 1, seq: 200, readings: [{ dev: battery, ts: now - 1000, raw }] });
    const [row] = await queryRows<{ soc_pct: number | null }>(
      world.db,
      sql`select t.soc_pct from telemetry t join devices d on d.id = t.device_id where d.sn = ${battery}`,
    );
    expect(row?.soc_pct).toBe(55.5);
  });

  it('skips readings of the logger itself when it has no device row', async () => {
    const before = await count(world.db, 'telemetry');
    await send(logger.sn, 'telemetry', {
      v: 1,
      seq: 300,
      readings: [reading(logger.sn, now - 2000), reading(inverter, now - 2000)],
    });
    expect(await count(world.db, 'telemetry')).toBe(before + 1);
    expect(await count(world.db, 'gateway_seq_seen', 'seq = 300')).toBe(1);
  });

  it('counts a message as pending from its arrival until it is stored (sunfleet_ingest_pending_messages)', async () => {
    const pending = async (): Promise<number | undefined> =>
      (await world.service.metrics.registry.getSingleMetric('sunfleet_ingest_pending_messages')?.get())
        ?.values[0]?.value;
    expect(await pending()).toBe(0);
    const stored = send(logger.sn, 'telemetry', {
      v: 1,
      seq: 310,
      readings: [reading(inverter, now - 3000)],
    });
    expect(await pending()).toBe(1);
    await stored;
    expect(await pending()).toBe(0);
  });
  it('upserts alarms by record id, closes them, and never reopens a closed one', async () => {
    const alarm = (id: string, dev: string, end: number | null, message = 'Grid overvoltage'): object => ({
      id,
      dev,
      kind: 'ALARM',
      code: 2031,
      level: 'IMPORTANT',
      start: now - 600_000,
      end,
      message,
    });
    await send(logger.sn, 'alarm', {
      v: 1,
      alarms: [alarm('A-1', inverter, null), alarm('L-1', logger.sn, null)],
    });
    await send(logger.sn, 'alarm', { v: 1, alarms: [alarm('A-1', inverter, now - 1000)] });
    // A late repeat of the open state must not reopen it.
    await send(logger.sn, 'alarm', { v: 1, alarms: [alarm('A-1', inverter, null, 'stale')] });
    const rows = await queryRows<{
      record_id: string;
      device_sn: string | null;
      ended: boolean;
      message: string;
    }>(
      world.db,
      sql`select a.record_id, d.sn as device_sn, a.ended_at is not null as ended, a.message
          from alarms a left join devices d on d.id = a.device_id where a.record_id in ('A-1', 'L-1')
          order by a.record_id`,
    );
    expect(rows).toEqual([
      { record_id: 'A-1', device_sn: inverter, ended: true, message: 'Grid overvoltage' },
      { record_id: 'L-1', device_sn: null, ended: false, message: 'Grid overvoltage' },
    ]);
    // Life-cycle events, written by the same statement: A-1 raised then cleared by the device (the late
    // repeat wrote nothing); L-1 raised, and a repeat of it while open is REPEATED with its count.
    await send(logger.sn, 'alarm', { v: 1, alarms: [alarm('L-1', logger.sn, null)] });
    const events = await queryRows<{
      record_id: string;
      kind: string;
      repeat_count: number;
      cleared_by: string | null;
    }>(
      world.db,
      sql`select a.record_id, e.kind, a.repeat_count, a.cleared_by
          from alarm_events e join alarms a on a.id = e.alarm_id order by e.id`,
    );
    expect(events.map((e) => [e.record_id, e.kind])).toEqual([
      ['A-1', 'RAISED'],
      ['L-1', 'RAISED'],
      ['A-1', 'CLEARED'],
      ['L-1', 'REPEATED'],
    ]);
    expect(events.find((e) => e.record_id === 'A-1')?.cleared_by).toBe('DEVICE');
    expect(events.find((e) => e.record_id === 'L-1')?.repeat_count).toBe(1);
    // Started and ended in one message: RAISED and CLEARED at once.
    await send(logger.sn, 'alarm', { v: 1, alarms: [alarm('B-1', inverter, now - 500)] });
    const b1 = await queryRows<{ kind: string }>(
      world.db,
      sql`select e.kind from alarm_events e join alarms a on a.id = e.alarm_id where a.record_id = 'B-1' order by e.id`,
    );
    expect(b1.map((e) => e.kind)).toEqual(['RAISED', 'CLEARED']);
    await send(logger.sn, 'alarm', { v: 1, alarms: [alarm('F-1', foreign, null)] });
    expect(await lastDeadLetter()).toMatchObject({ reason: 'foreign-device' });
  });

  it('hands command results and firmware progress to the hooks; a failing hook is a dead letter', async () => {
    const id = '5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20';
    await send(logger.sn, 'cmd/res', { v: 1, id, state: 'DONE', result: { hex: '0064' } });
    await send(logger.sn, 'firmware', { v: 1, id, stage: 'DOWNLOADING', percent: 40 });
    expect(world.hooks.results).toEqual([{ v: 1, id, state: 'DONE', result: { hex: '0064' } }]);
    expect(world.hooks.firmware).toEqual([{ v: 1, id, stage: 'DOWNLOADING', percent: 40 }]);
    world.hooks.failCommands = new Error('no such command');
    try {
      await send(logger.sn, 'cmd/res', { v: 1, id, state: 'FAILED', error: 'x' });
    } finally {
      world.hooks.failCommands = null;
    }
    expect(await lastDeadLetter()).toMatchObject({ reason: 'store-error', detail: 'no such command' });
  });

  it('asks for redelivery (rejects) when a hook cannot reach the database', async () => {
    world.hooks.failCommands = Object.assign(new Error('Connection terminated unexpectedly'), {});
    try {
      await expect(
        send(logger.sn, 'cmd/res', { v: 1, id: '5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20', state: 'DONE' }),
      ).rejects.toThrow('Connection terminated');
    } finally {
      world.hooks.failCommands = null;
    }
  });

  it('records every logger as seen, whatever it sent', async () => {
    await world.db.execute(sql`update gateways set last_seen_at = null where sn = ${other.sn}`);
    await send(other.sn, 'telemetry', 'not json');
    await world.service.close(); // flushes the last-seen writes
    const [row] = await queryRows<{ seen: boolean }>(
      world.db,
      sql`select last_seen_at is not null as seen from gateways where sn = ${other.sn}`,
    );
    expect(row?.seen).toBe(true);
  });
});
