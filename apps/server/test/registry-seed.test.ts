import { LANGUAGE_KEYS, RegisterDefinitionInput, type RegisterDefinition } from '@sunfleet/contracts';
import {
  decodeBlocks,
  encodeValues,
  hexToWords,
  registerWords,
  toWideRow,
  wordsToHex,
} from '@sunfleet/domain';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/bootstrap/seed.js';
import { seedDeviceRegistry } from '../src/bootstrap/seed-devices.js';
import { BUILT_IN_DEFINITIONS, BUILT_IN_DISPLAY_GROUPS, SUNSPEC_BASE } from '@sunfleet/contracts';
import { deviceModels, deviceRules, displayGroups, protocolDefinitions } from '../src/db/schema.js';
import { readLocaleFiles } from '../src/modules/i18n/locale-files.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import { registerMapProblems } from '../src/modules/registry/register-map.js';
import { paths } from '../src/paths.js';
import { ADMIN_PASSWORD, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows } from './organisation-fixtures.js';

const REGISTRY_TABLES = ['protocol_definitions', 'device_models', 'device_rules', 'display_groups'];

describe('built-in definitions', () => {
  const groups = new Set(BUILT_IN_DISPLAY_GROUPS.map((g) => g.key));
  const locales = readLocaleFiles(paths.locales);

  it.each(BUILT_IN_DEFINITIONS.map((d) => [d.code, d] as const))(
    '%s passes the API’s own checks',
    (_code, d) => {
      expect(registerMapProblems(d.registers, groups)).toEqual([]);
      for (const r of d.registers) expect(Value.Check(RegisterDefinitionInput, r), r.key).toBe(true);
    },
  );

  it.each(BUILT_IN_DEFINITIONS.map((d) => [d.code, d] as const))(
    '%s keeps its registers clear of the SunSpec markers, headers and scale factors',
    (_code, d) => {
      const fixed = new Set(d.fixed.flatMap((b) => b.words.map((_, i) => b.address + i)));
      for (const r of d.registers) {
        for (let a = r.address; a < r.address + registerWords(r); a++)
          expect(fixed.has(a), `${r.key}@${a}`).toBe(false);
      }
    },
  );

  it('names every register, value label and display group in all four languages', () => {
    const keys = [
      ...BUILT_IN_DEFINITIONS.flatMap((d) => d.registers.map((r) => r.nameKey)),
      ...BUILT_IN_DEFINITIONS.flatMap((d) =>
        d.registers.flatMap((r) => (r.values ?? []).map((label) => label.nameKey)),
      ),
      ...BUILT_IN_DISPLAY_GROUPS.map((g) => `displayGroup.${g.key}`),
    ];
    for (const language of LANGUAGE_KEYS) {
      const missing = keys.filter((k) => !locales[language][k]);
      expect(missing, language).toEqual([]);
    }
  });
});

describe.each(oneDatabase())('device registry seed and cache on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const counts = async (): Promise<number[]> =>
    Promise.all(REGISTRY_TABLES.map((name) => countRows(t, name)));

  it('is idempotent and never undoes an operator’s edits', async () => {
    const first = await counts();
    expect(first).toEqual([BUILT_IN_DEFINITIONS.length, 10, 10, 10]);
    await seed(t.database.db, {
      adminUsername: t.config.adminUsername,
      adminPassword: ADMIN_PASSWORD,
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });
    expect(await counts()).toEqual(first);

    const db = t.database.db;
    await db.update(deviceModels).set({ ratedPower: 4_600 }).where(eq(deviceModels.model, 'SF-INV-1P-5K'));
    await db.update(displayGroups).set({ sort: 999 }).where(eq(displayGroups.key, 'ac'));
    await db.delete(deviceRules).where(eq(deviceRules.snPrefix, 'SFW1'));
    // A built-in definition tampered with in the database comes back as shipped.
    await db
      .update(protocolDefinitions)
      .set({ registers: [], name: 'broken' })
      .where(eq(protocolDefinitions.code, 'sunspec-meter-1p'));

    await seedDeviceRegistry(db);
    await seedDeviceRegistry(db);
    const [model] = await db.select().from(deviceModels).where(eq(deviceModels.model, 'SF-INV-1P-5K'));
    expect(model?.ratedPower).toBe(4_600);
    const [group] = await db.select().from(displayGroups).where(eq(displayGroups.key, 'ac'));
    expect(group?.sort).toBe(999);
    expect(await db.select().from(deviceRules).where(eq(deviceRules.snPrefix, 'SFW1'))).toEqual([]);
    const [meter] = await db
      .select()
      .from(protocolDefinitions)
      .where(eq(protocolDefinitions.code, 'sunspec-meter-1p'));
    const shipped = BUILT_IN_DEFINITIONS.find((d) => d.code === 'sunspec-meter-1p');
    expect(meter).toMatchObject({ name: shipped?.name, registers: shipped?.registers, builtIn: true });
  });

  it('resolves models by exact name, else by the longest SN prefix of the same type', async () => {
    const db = t.database.db;
    const cache = new DefinitionCache(db);
    const exact = await cache.resolveModel('INVERTER', 'SF-INV-3P-50K', 'anything');
    expect(exact).toMatchObject({
      deviceType: 'INVERTER',
      model: 'SF-INV-3P-50K',
      ratedPower: 50_000,
      mpptChannels: 6,
    });
    expect(exact?.definitionId).toEqual(expect.any(Number));

    const [tenK] = await db.select().from(deviceModels).where(eq(deviceModels.model, 'SF-INV-3P-10K'));
    await db.insert(deviceRules).values({ snPrefix: 'SFI3', modelId: tenK?.id ?? 0 });
    cache.invalidate();
    expect((await cache.resolveModel('INVERTER', 'SF-OLD-NAME', 'SFI3C2606000001'))?.model).toBe(
      'SF-INV-3P-110K',
    );
    expect((await cache.resolveModel('INVERTER', 'SF-OLD-NAME', 'SFI3Z2606000001'))?.model).toBe(
      'SF-INV-3P-10K',
    );
    expect((await cache.resolveModel('INVERTER', 'SF-OLD-NAME', 'SFI12606000001'))?.model).toBe(
      'SF-INV-1P-5K',
    );
    // A rule of another type does not apply, nor does a name of another type.
    expect(await cache.resolveModel('METER', 'SF-OLD-NAME', 'SFI3C2606000001')).toBeNull();
    expect(await cache.resolveModel('METER', 'SF-INV-3P-50K', 'X')).toBeNull();
    expect(await cache.resolveModel('INVERTER', 'NOPE', 'XYZ123')).toBeNull();
  });

  it('gives the register map of a model, and null without one', async () => {
    const cache = new DefinitionCache(t.database.db);
    const model = await cache.resolveModel('INVERTER', 'SF-INV-3P-110K', '');
    const registers = await cache.registersForModel(model?.id ?? 0);
    expect(registers?.find((r) => r.key === 'W')).toMatchObject({
      address: 40084,
      scale: 1,
      column: 'power_w',
    });
    expect(registers?.filter((r) => r.column?.startsWith('mppt_'))).toHaveLength(45);
    expect(await cache.registersForModel(999_999)).toBeNull();
    const [bare] = await t.database.db
      .insert(deviceModels)
      .values({ deviceType: 'METER', model: 'NO-DEFINITION' })
      .returning({ id: deviceModels.id });
    cache.invalidate();
    expect(await cache.registersForModel(bare?.id ?? 0)).toBeNull();
  });

  it('reloads after its TTL, on invalidate(), and at once after a registry write through the API', async () => {
    let now = 1_000_000;
    const cache = new DefinitionCache(t.database.db, { ttlMs: 30_000, now: () => now });
    expect(await cache.resolveModel('METER', 'LATE-1', '')).toBeNull();
    await t.database.db.insert(deviceModels).values({ deviceType: 'METER', model: 'LATE-1' });
    now += 29_000;
    expect(await cache.resolveModel('METER', 'LATE-1', '')).toBeNull(); // still the cached snapshot
    now += 2_000;
    expect(await cache.resolveModel('METER', 'LATE-1', '')).not.toBeNull();

    await t.database.db.insert(deviceModels).values({ deviceType: 'METER', model: 'LATE-2' });
    expect(await cache.resolveModel('METER', 'LATE-2', '')).toBeNull();
    cache.invalidate();
    expect(await cache.resolveModel('METER', 'LATE-2', '')).not.toBeNull();

    const admin = as(t, await t.login());
    const created = await admin.post('/deviceModel', {
      deviceType: 'METER',
      model: 'LATE-3',
      manufacturer: '',
      definitionId: null,
      ratedPower: null,
      mpptChannels: 0,
    });
    expect(created.status).toBe(200);
    expect(await cache.resolveModel('METER', 'LATE-3', '')).not.toBeNull();
  });

  it('decodes a SunSpec three-phase inverter read, encoded with encodeValues, to the original values', async () => {
    const cache = new DefinitionCache(t.database.db);
    const model = await cache.resolveModel('INVERTER', 'SF-INV-3P-50K', '');
    const registers = (await cache.registersForModel(model?.id ?? 0)) ?? [];
    const values = {
      Mn: 'Sunfleet',
      Md: 'SF-INV-3P-50K',
      SN: 'SFI3B2606000123',
      Vr: '1.4.2',
      A: 72.15,
      AphA: 24.05,
      PhVphA: 230.5,
      PPVphAB: 399.2,
      W: 43_210,
      Hz: 50.01,
      PF: 99.5,
      WH: 123_456_789,
      DCV: 612.3,
      TmpCab: -5.5,
      St: 4,
      Evt1: 0,
      DCA_1: 12.34,
      DCV_1: 612.3,
      DCW_1: 7_555,
      DCV_6: 598.1,
      DCV_7: null,
      WMaxLimPct: 100,
      OutPFSet: -0.95,
      WHToday: 98_765,
    };
    // A whole read of 40000…40463, the way a logger reads the device and uploads it as one raw block.
    const shipped = BUILT_IN_DEFINITIONS.find((d) => d.code === 'sunspec-inverter-3p');
    const image = new Array<number>(464).fill(0);
    for (const block of [...(shipped?.fixed ?? []), ...encodeValues(registers, values)]) {
      block.words.forEach((w, i) => (image[block.address - SUNSPEC_BASE + i] = w));
    }
    expect(image.slice(0, 2)).toEqual([0x5375, 0x6e53]); // 'SunS'
    expect([image[2], image[70], image[122], image[432], image[458], image[462]]).toEqual([
      1, 103, 160, 123, 64_100, 0xffff,
    ]);

    const decoded = decodeBlocks(registers, [
      { address: SUNSPEC_BASE, words: hexToWords(wordsToHex(image)) },
    ]);
    expect(Object.fromEntries(Object.keys(values).map((k) => [k, decoded[k]]))).toEqual(values);

    const row = toWideRow(registers, { ...values });
    expect(row.columns).toMatchObject({
      power_w: 43_210,
      energy_total_wh: 123_456_789,
      energy_today_wh: 98_765,
      grid_voltage_v: 230.5,
      grid_frequency_hz: 50.01,
      temperature_c: -5.5,
      status_code: 4,
    });
    expect(row.mppt.mppt_v).toEqual([612.3, null, null, null, null, 598.1]);
    expect(row.mppt.mppt_i).toEqual([12.34]);
    expect({ ...row.extra }).toMatchObject({ Mn: 'Sunfleet', PF: 99.5, WMaxLimPct: 100 });
  });

  it('decodes every built-in definition from its own encoding', async () => {
    const rows = await t.database.db
      .select({ code: protocolDefinitions.code, registers: protocolDefinitions.registers })
      .from(protocolDefinitions)
      .where(sql`${protocolDefinitions.builtIn}`);
    for (const { code, registers } of rows) {
      const values = Object.fromEntries(registers.map((r: RegisterDefinition) => [r.key, sample(r)]));
      const decoded = decodeBlocks(registers, encodeValues(registers, values));
      expect({ ...decoded }, code).toEqual(values);
    }
  });
});

/** A value every register of its type can hold, inside a writable register's range. */
function sample(r: RegisterDefinition): number | string {
  switch (r.dataType as string) {
    case 'STRING':
      return 'ab'.repeat(r.count);
    case 'VERSION':
      return '2.7';
    case 'IP':
      return '10.1.2.3';
    default:
      return r.writable && r.max !== null ? r.max : 10 ** Math.max(0, r.scale) * 7;
  }
}
