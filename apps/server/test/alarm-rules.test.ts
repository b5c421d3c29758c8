// The alarm rules that judge readings, on both databases: STRING_LOW and OUTPUT_LOW (only at sufficient
// irradiance from the station's weather station) and BATTERY_TEMP — raised after the debounce, never below
// minIrradiance, cleared (by RULE) only past the hysteresis. Readings are stored as the ingest stores them.
import { CLOUD_ALARM_CODES } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { AlarmEvaluator } from '../src/modules/alarms/evaluator.js';
import { addModelDevice, storeReading } from './alarm-rules-support.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { seenAt, twoTenants, type TwoTenants } from './telemetry-api-support.js';

type AlarmRow = { device_id: number; ended: boolean; cleared_by: string | null };

/** Six inputs (SF-INV-3P-50K): strings on 1–3, nothing connected to 4–6 (0 V, 0 A). */
function strings(currents: readonly [number, number, number], voltage = 600): Record<string, number> {
  const values: Record<string, number> = {};
  for (let n = 1; n <= 6; n++) {
    const current = n <= 3 ? (currents[n - 1] ?? 0) : 0;
    values[`DCA_${n}`] = current;
    values[`DCV_${n}`] = n <= 3 && current > 0 ? voltage : 0;
    values[`DCW_${n}`] = n <= 3 ? current * voltage : 0;
  }
  return values;
}

describe.each(oneDatabase())('alarm rules on readings (%s)', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let weather: number;
  let inverter: number;
  let battery: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await twoTenants(t, `R${kind}`);
    const db = t.database.db;
    weather = await addModelDevice(db, w.loggerA.id, 'SF-WS-1', `WS-A-${kind}`);
    inverter = await addModelDevice(db, w.loggerA.id, 'SF-INV-3P-50K', `INV50-A-${kind}`);
    battery = await addModelDevice(db, w.loggerA.id, 'SF-BAT-10K', `BAT10-A-${kind}`);
  });
  afterAll(async () => t.close());

  const round = async (): Promise<void> => {
    // A new evaluator each round: everything it needs must live in the database.
    await new AlarmEvaluator(t.database, { escalateAfterS: 3600 }).round(t.clock.now());
  };
  const alarmsOf = (code: number): Promise<AlarmRow[]> =>
    queryRows<AlarmRow>(
      t.database.db,
      sql`select device_id, ended_at is not null as ended, cleared_by from alarms
          where source = 'RULE' and code = ${code} order by id`,
    );
  const eventsOf = async (code: number): Promise<string[]> =>
    (
      await queryRows<{ kind: string }>(
        t.database.db,
        sql`select e.kind from alarm_events e join alarms a on a.id = e.alarm_id
            where a.source = 'RULE' and a.code = ${code} order by e.id`,
      )
    ).map((r) => r.kind);

  /** `seconds` later: the logger reports the weather station's irradiance and the device's values, then a round. */
  const step = async (
    seconds: number,
    irradiance: number,
    device: number,
    values: Record<string, number>,
  ): Promise<void> => {
    t.clock.advance(seconds);
    const now = t.clock.now();
    await seenAt(t.database.db, w.loggerA.id, now);
    await storeReading(t.database.db, weather, now, { GHI: irradiance, TmpAmb: 25 });
    await storeReading(t.database.db, device, now, values);
    await round();
  };
  const rule = async (body: object): Promise<number> => {
    const res = await w.installer1.post<{ id: number }>('/alarmRule', {
      stationId: w.stationA,
      level: 'COMMONLY',
      ...body,
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data.id;
  };

  it('STRING_LOW: ignores unused inputs, waits for irradiance and the debounce, clears past the hysteresis', async () => {
    const code = CLOUD_ALARM_CODES.STRING_LOW;
    const id = await rule({
      kind: 'STRING_LOW',
      code,
      threshold: 0.5,
      hysteresis: 0.2,
      minIrradiance: 200,
      debounceS: 600,
    });
    // Inputs 4–6 have nothing connected and report 0 A at full sun: not a low string.
    for (let i = 0; i < 4; i++) await step(300, 800, inverter, strings([8, 8, 8]));
    expect(await alarmsOf(code)).toEqual([]);

    // String 2 loses its current (a blown fuse: 0 V, 0 A) — but the sky is dull: nothing is judged.
    for (let i = 0; i < 4; i++) await step(300, 150, inverter, strings([8, 0, 8]));
    expect(await alarmsOf(code)).toEqual([]);

    // Enough light: the input was in use (it reported earlier), so it is low; raised after 600 s.
    await step(300, 800, inverter, strings([8, 0, 8]));
    await step(299, 800, inverter, strings([8, 0, 8]));
    expect(await alarmsOf(code)).toEqual([]);
    await step(1, 800, inverter, strings([8, 0, 8]));
    await step(300, 800, inverter, strings([8, 0, 8]));
    expect(await alarmsOf(code)).toEqual([{ device_id: inverter, ended: false, cleared_by: null }]);

    // Repaired but weak (5 A of 8: 0.625, inside the band below 0.7), then judged nothing at low light.
    await step(300, 800, inverter, strings([8, 5, 8]));
    await step(300, 100, inverter, strings([8, 8, 8]));
    expect(await alarmsOf(code)).toMatchObject([{ ended: false }]);
    // 6 A of 8 (0.75) at full sun: cleared by the rule.
    await step(300, 800, inverter, strings([8, 6, 8]));
    expect(await alarmsOf(code)).toEqual([{ device_id: inverter, ended: true, cleared_by: 'RULE' }]);
    expect(await eventsOf(code)).toEqual(['RAISED', 'CLEARED']);
    expect((await w.installer1.del(`/alarmRule/${id}`)).status).toBe(200);
  });

  it('OUTPUT_LOW: power against rated power × irradiance, debounced, not judged in dull light, hysteresis', async () => {
    const code = CLOUD_ALARM_CODES.OUTPUT_LOW;
    const id = await rule({
      kind: 'OUTPUT_LOW',
      code,
      threshold: 0.5,
      hysteresis: 0.2,
      minIrradiance: 200,
      debounceS: 600,
    });
    // 50 kW rated, 800 W/m²: 40 kW expected. 30 kW (0.75) is fine.
    await step(300, 800, inverter, { W: 30_000, ...strings([8, 8, 8]) });
    // No output at 150 W/m²: below minIrradiance, never raised however long.
    for (let i = 0; i < 4; i++) await step(300, 150, inverter, { W: 0, ...strings([0, 0, 0]) });
    expect(await alarmsOf(code)).toEqual([]);
    // 10 kW at 800 W/m² (0.25): raised once the debounce has passed.
    await step(300, 800, inverter, { W: 10_000, ...strings([8, 8, 8]) });
    await step(599, 800, inverter, { W: 10_000, ...strings([8, 8, 8]) });
    expect(await alarmsOf(code)).toEqual([]);
    await step(1, 800, inverter, { W: 10_000, ...strings([8, 8, 8]) });
    expect(await alarmsOf(code)).toEqual([{ device_id: inverter, ended: false, cleared_by: null }]);
    // 27.6 kW (0.69) is inside the band; 28.4 kW (0.71) clears.
    await step(300, 800, inverter, { W: 27_600, ...strings([8, 8, 8]) });
    expect(await alarmsOf(code)).toMatchObject([{ ended: false }]);
    await step(300, 800, inverter, { W: 28_400, ...strings([8, 8, 8]) });
    expect(await alarmsOf(code)).toEqual([{ device_id: inverter, ended: true, cleared_by: 'RULE' }]);
    expect(await eventsOf(code)).toEqual(['RAISED', 'CLEARED']);
    expect((await w.installer1.del(`/alarmRule/${id}`)).status).toBe(200);
  });

  it('BATTERY_TEMP: raised after the debounce above the limit, cleared only at limit − hysteresis', async () => {
    const code = CLOUD_ALARM_CODES.BATTERY_TEMP;
    const id = await rule({ kind: 'BATTERY_TEMP', code, threshold: 45, hysteresis: 5, debounceS: 600 });
    await step(300, 0, battery, { TmpBat: 30, ChaState: 60 });
    // Hot for 300 s, then a cool reading: the debounce starts again.
    await step(300, 0, battery, { TmpBat: 48, ChaState: 60 });
    await step(300, 0, battery, { TmpBat: 44, ChaState: 60 });
    await step(300, 0, battery, { TmpBat: 48, ChaState: 60 });
    await step(300, 0, battery, { TmpBat: 48, ChaState: 60 });
    expect(await alarmsOf(code)).toEqual([]);
    await step(300, 0, battery, { TmpBat: 48, ChaState: 60 });
    expect(await alarmsOf(code)).toEqual([{ device_id: battery, ended: false, cleared_by: null }]);
    // 42 °C is below the limit but above 40: still open; 40 clears it.
    await step(300, 0, battery, { TmpBat: 42, ChaState: 60 });
    expect(await alarmsOf(code)).toMatchObject([{ ended: false }]);
    await step(300, 0, battery, { TmpBat: 40, ChaState: 60 });
    expect(await alarmsOf(code)).toEqual([{ device_id: battery, ended: true, cleared_by: 'RULE' }]);
    expect(await eventsOf(code)).toEqual(['RAISED', 'CLEARED']);
    expect((await w.installer1.del(`/alarmRule/${id}`)).status).toBe(200);
  });
});
