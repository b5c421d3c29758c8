import { CLOUD_ALARM_CODES } from '@sunfleet/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_SEED_KEY, seedFaultCodes } from '../src/bootstrap/seed-fault-codes.js';
import { faultCodes, faultCodeSeeds, protocolDefinitions } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { countRows } from './organisation-fixtures.js';

describe.each(oneDatabase())('fault-code seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const entryOf = async (definition: string, code: number) => {
    const rows = await t.database.db
      .select({ id: faultCodes.id, descriptionEn: faultCodes.descriptionEn })
      .from(faultCodes)
      .innerJoin(protocolDefinitions, eq(protocolDefinitions.id, faultCodes.definitionId))
      .where(and(eq(protocolDefinitions.code, definition), eq(faultCodes.code, code)));
    return rows[0];
  };

  const globalEntries = () =>
    t.database.db
      .select({ id: faultCodes.id, code: faultCodes.code, descriptionEn: faultCodes.descriptionEn })
      .from(faultCodes)
      .where(and(isNull(faultCodes.modelId), isNull(faultCodes.definitionId)))
      .orderBy(faultCodes.code);

  it('seeds the cloud alarm codes once as global entries (no model, no definition)', async () => {
    const entries = await globalEntries();
    expect(entries.map((e) => e.code)).toEqual(Object.values(CLOUD_ALARM_CODES).sort());
    expect(entries.find((e) => e.code === CLOUD_ALARM_CODES.LOGGER_OFFLINE)?.descriptionEn).toBe(
      'Data logger offline',
    );
  });

  it('adds nothing on a second start, keeps edits and never brings a deleted entry back', async () => {
    const db = t.database.db;
    const total = await countRows(t, 'fault_codes');
    expect(total).toBeGreaterThan(0);
    expect(await seedFaultCodes(db)).toBe(0);
    expect(await countRows(t, 'fault_codes')).toBe(total);

    const edited = await entryOf('sunspec-inverter-1p', 2031);
    const deleted = await entryOf('sunspec-inverter-1p', 2032);
    if (edited === undefined || deleted === undefined) throw new Error('seeded entries missing');
    await db.update(faultCodes).set({ descriptionEn: 'Our own wording' }).where(eq(faultCodes.id, edited.id));
    await db.delete(faultCodes).where(eq(faultCodes.id, deleted.id));

    // The same for global entries.
    const [offline, deviceOffline] = await globalEntries();
    if (offline === undefined || deviceOffline === undefined) throw new Error('global entries missing');
    await db.update(faultCodes).set({ descriptionEn: 'Box offline' }).where(eq(faultCodes.id, offline.id));
    await db.delete(faultCodes).where(eq(faultCodes.id, deviceOffline.id));

    expect(await seedFaultCodes(db)).toBe(0);
    expect((await entryOf('sunspec-inverter-1p', 2031))?.descriptionEn).toBe('Our own wording');
    expect(await entryOf('sunspec-inverter-1p', 2032)).toBeUndefined();
    const after = await globalEntries();
    expect(after.find((e) => e.code === offline.code)?.descriptionEn).toBe('Box offline');
    expect(after.map((e) => e.code)).not.toContain(deviceOffline.code);
  });

  it('adds a code a new version ships on its first start', async () => {
    const db = t.database.db;
    // As if this version's catalogue were new: the seed log forgets one pair and its entry is gone.
    const entry = await entryOf('sunspec-meter-3p', 6001);
    if (entry === undefined) throw new Error('seeded entry missing');
    await db.delete(faultCodes).where(eq(faultCodes.id, entry.id));
    await db
      .delete(faultCodeSeeds)
      .where(and(eq(faultCodeSeeds.definitionCode, 'sunspec-meter-3p'), eq(faultCodeSeeds.code, 6001)));
    expect(await seedFaultCodes(db)).toBe(1);
    expect((await entryOf('sunspec-meter-3p', 6001))?.descriptionEn).toBe('Meter communication lost');

    // A global code new to this version arrives too.
    const battery = (await globalEntries()).find((e) => e.code === CLOUD_ALARM_CODES.BATTERY_TEMP);
    if (battery === undefined) throw new Error('global entry missing');
    await db.delete(faultCodes).where(eq(faultCodes.id, battery.id));
    await db
      .delete(faultCodeSeeds)
      .where(
        and(
          eq(faultCodeSeeds.definitionCode, GLOBAL_SEED_KEY),
          eq(faultCodeSeeds.code, CLOUD_ALARM_CODES.BATTERY_TEMP),
        ),
      );
    expect(await seedFaultCodes(db)).toBe(1);
    expect(
      (await globalEntries()).find((e) => e.code === CLOUD_ALARM_CODES.BATTERY_TEMP)?.descriptionEn,
    ).toBe('Battery temperature high');
  });
});
