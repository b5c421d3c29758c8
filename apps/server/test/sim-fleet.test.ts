// The `sim` service's provisioning: the fleet file's stations and loggers in the registry, idempotent,
// with the loggers' secrets in a private file that stays stable; bad fleet files and unknown companies
// stop the start with an error naming SIM_FLEET; the settings are validated.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_MODELS, PV_MODULE_SF_M450, type FleetFile } from '@sunfleet/contracts';
import { sizeInverter } from '@sunfleet/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seed } from '../src/bootstrap/seed.js';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { companies, devices, gateways, pvStrings, stations, users } from '../src/db/schema.js';
import { generateSecret, hashSecret, verifySecret } from '../src/modules/gateways/credentials.js';
import { loadSimFleet } from '../src/modules/sim-fleet/fleet-file.js';
import { fleetPvStrings, provisionPvStrings } from '../src/modules/sim-fleet/pv-strings-provision.js';
import { provisionFleet, simBrokerUrl } from '../src/modules/sim-fleet/sim-fleet.service.js';
import { paths } from '../src/paths.js';
import { ADMIN_PASSWORD, freshDatabase, oneDatabase, type TestDatabase } from './helpers.js';

const log = pino({ level: 'silent' });
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-simfleet-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const demo = JSON.parse(readFileSync(paths.demoFleet, 'utf8')) as FleetFile;

function writeFleet(name: string, value: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

describe('SIM_FLEET', () => {
  it('accepts the demo fleet', () => {
    expect(loadSimFleet(paths.demoFleet).stations).toHaveLength(demo.stations.length);
  });

  it.each([
    [
      'a missing file',
      'missing',
      null,
      /^Invalid configuration: SIM_FLEET names a file that cannot be read: .*missing\.json \(ENOENT\)$/,
    ],
    [
      'a file that is not JSON',
      'not-json',
      '{"version": 1,',
      /^Invalid configuration: SIM_FLEET names a file that is not JSON: .*not-json\.json/,
    ],
    [
      'an invalid fleet file',
      'invalid',
      { ...demo, stations: [{ ...demo.stations[0], timeZone: 'Mars/Olympus', loggers: [] }] },
      /SIM_FLEET names an invalid fleet file: .*invalid\.json\n {2}stations\[0\]\.loggers: must not have fewer than 1 items/,
    ],
  ])('refuses %s, naming SIM_FLEET and the place of each problem', (_what, name, content, message) => {
    const path = content === null ? join(tmp, `${name}.json`) : writeFleet(`${name}.json`, content);
    expect(() => loadSimFleet(path)).toThrow(ConfigError);
    expect(() => loadSimFleet(path)).toThrow(message);
  });

  it('validates the sim settings', () => {
    const config = loadConfig({});
    expect([config.simFleet, config.simBackfillDays, config.simAcceleration]).toEqual([null, 2, 1]);
    const custom = loadConfig({
      SIM_FLEET: 'fleets/big.json',
      SIM_BACKFILL_DAYS: '0',
      SIM_ACCELERATION: '60',
    });
    expect(custom.simFleet).toBe(join(process.cwd(), 'fleets/big.json'));
    expect([custom.simBackfillDays, custom.simAcceleration]).toEqual([0, 60]);
    expect(() => loadConfig({ SIM_BACKFILL_DAYS: '-1' })).toThrow('SIM_BACKFILL_DAYS must be a whole number');
    expect(() => loadConfig({ SIM_BACKFILL_DAYS: '5000' })).toThrow('from 0 to 1097');
    expect(() => loadConfig({ SIM_ACCELERATION: '0.5' })).toThrow('SIM_ACCELERATION must be a number from 1');
  });

  it('points the simulator at the embedded broker on this host, or at MQTT_URL', () => {
    expect(simBrokerUrl(loadConfig({ MQTT_PORT: '1999' }))).toBe('mqtt://127.0.0.1:1999');
    expect(simBrokerUrl(loadConfig({ HOST: '10.0.0.5' }))).toBe('mqtt://10.0.0.5:1883');
    expect(simBrokerUrl(loadConfig({ MQTT_URL: 'tcp://ingest:secret@broker:1883' }))).toBe(
      'mqtt://broker:1883',
    );
    expect(simBrokerUrl(loadConfig({ MQTT_URL: 'wss://broker/mqtt' }))).toBeNull();
  });
});

describe.each(oneDatabase())('fleet provisioning on %s', (kind) => {
  let t: TestDatabase;
  let dir: string;
  let credentialsPath: string;

  beforeEach(async () => {
    t = await freshDatabase(kind);
    await seed(t.database.db, {
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      dataDir: null,
      localesRoot: paths.locales,
      log,
    });
    dir = mkdtempSync(join(tmp, 'data-'));
    credentialsPath = join(dir, 'sim', 'credentials.json');
  });
  afterEach(async () => {
    await t.drop();
  });

  const snapshot = async () => ({
    stations: await t.database.db.select().from(stations).orderBy(asc(stations.id)),
    gateways: await t.database.db.select().from(gateways).orderBy(asc(gateways.id)),
  });
  const secrets = (): Record<string, string> =>
    JSON.parse(readFileSync(credentialsPath, 'utf8')) as Record<string, string>;

  it('creates simulated stations and bound loggers once; a second run changes nothing', async () => {
    await t.database.db.update(companies).set({ simulated: false }).where(eq(companies.id, 2));
    const first = await provisionFleet(t.database, demo, { credentialsPath, log });
    const loggers = demo.stations.flatMap((s) => s.loggers);
    expect(first).toMatchObject({
      stations: demo.stations.length,
      createdStations: demo.stations.length,
      loggers: loggers.length,
      createdLoggers: loggers.length,
      rotated: [],
      skipped: [],
    });
    const rows = await snapshot();
    expect(rows.stations).toHaveLength(demo.stations.length);
    expect(rows.stations.every((s) => s.simulated)).toBe(true);
    const munich = rows.stations.find((s) => s.name === 'Munich family home');
    const [owner1] = await t.database.db.select().from(users).where(eq(users.username, 'demo.owner1'));
    expect(munich).toMatchObject({
      companyId: 3,
      ownerUserId: owner1?.id,
      type: 'HOUSEHOLD_PV_STORAGE',
      timeZone: 'Europe/Berlin',
      capacityKwp: 9.91,
      currency: 'EUR',
    });
    expect(rows.gateways.map((g) => g.sn).sort()).toEqual(loggers.map((l) => l.sn).sort());
    expect(rows.gateways.every((g) => g.simulated && g.stationId !== null && g.boundAt !== null)).toBe(true);
    const seville = rows.stations.find((s) => s.name === 'Seville solar park');
    expect(rows.gateways.filter((g) => g.stationId === seville?.id)).toHaveLength(2);
    const [demoCompany] = await t.database.db.select().from(companies).where(eq(companies.id, 2));
    expect(demoCompany?.simulated).toBe(true);

    // The secrets: one per logger, matching the registry's hashes, in a file only the server reads.
    const file = secrets();
    expect(Object.keys(file).sort()).toEqual(loggers.map((l) => l.sn).sort());
    for (const g of rows.gateways) expect(verifySecret(file[g.sn]!, g.secretHash)).toBe(true);
    expect(statSync(credentialsPath).mode & 0o777).toBe(0o600);

    const second = await provisionFleet(t.database, demo, { credentialsPath, log });
    expect(second).toMatchObject({ createdStations: 0, updatedStations: 0, createdLoggers: 0, rotated: [] });
    expect(await snapshot()).toEqual(rows);
    expect(secrets()).toEqual(file);
  });

  it("stores each announced inverter's strings as the simulator strings them, and never over stored ones", async () => {
    await provisionFleet(t.database, demo, { credentialsPath, log });
    const plan = fleetPvStrings(demo);
    const inverters = demo.stations.flatMap((s) =>
      s.loggers.flatMap((l) =>
        l.devices
          .filter((d) => BUILT_IN_MODELS.find((m) => m.model === d.model)?.deviceType === 'INVERTER')
          .map((d) => ({ ...d, logger: l.sn })),
      ),
    );
    expect([...plan.keys()].sort()).toEqual(inverters.map((d) => d.sn).sort());
    // Sized for the model where the file gives no inputs, SF-M450 modules throughout.
    const sized = inverters.find((d) => d.mppts === undefined)!;
    const sizing = sizeInverter(BUILT_IN_MODELS.find((m) => m.model === sized.model)!);
    expect(plan.get(sized.sn)).toHaveLength(sizing.channels * sizing.stringsPerChannel);
    expect(plan.get(sized.sn)!.every((s) => s.modulesInSeries === sizing.modulesPerString)).toBe(true);
    expect(plan.get(sized.sn)![0]).toMatchObject({ mppt: 1, string: 1, module: PV_MODULE_SF_M450 });

    // Two inverters said hello; the others have not yet.
    const [first, second] = inverters;
    const gatewayOf = async (sn: string) =>
      (await t.database.db.select().from(gateways).where(eq(gateways.sn, sn)))[0]!.id;
    const ids: number[] = [];
    for (const d of [first!, second!]) {
      const [row] = await t.database.db
        .insert(devices)
        .values({
          gatewayId: await gatewayOf(d.logger),
          sn: d.sn,
          deviceType: 'INVERTER',
          model: d.model,
          unitId: 1,
        })
        .returning({ id: devices.id });
      ids.push(row!.id);
    }
    const now = new Date();
    expect(await provisionPvStrings(t.database, plan, now)).toEqual({
      written: 2,
      waiting: inverters.length - 2,
    });
    const stored = await t.database.db.select().from(pvStrings).where(eq(pvStrings.deviceId, ids[0]!));
    expect(
      stored.map((r) => ({
        mppt: r.mppt,
        string: r.string,
        module: r.module,
        modulesInSeries: r.modulesInSeries,
      })),
    ).toEqual(plan.get(first!.sn));
    // An installer's strings (here: one left) stay as they are on the next round.
    await t.database.db
      .delete(pvStrings)
      .where(and(eq(pvStrings.deviceId, ids[1]!), gt(pvStrings.string, 0), gt(pvStrings.mppt, 1)));
    const kept = await t.database.db.select().from(pvStrings).where(eq(pvStrings.deviceId, ids[1]!));
    expect(await provisionPvStrings(t.database, plan, now)).toEqual({
      written: 0,
      waiting: inverters.length - 2,
    });
    expect(await t.database.db.select().from(pvStrings).where(eq(pvStrings.deviceId, ids[1]!))).toEqual(kept);
  });

  it('stores the strings of a fleet larger than one statement takes (the soak: 100,000 inverters)', async () => {
    // 2,500 announced inverters of 4 strings: 10,000 rows, 70,000 parameters in one insert (PostgreSQL
    // takes 65,535); 100 more not announced yet.
    const [gateway] = await t.database.db
      .insert(gateways)
      .values({ sn: 'SFLGBIG000001', model: 'SF-LOGGER-4G', secretHash: hashSecret(generateSecret()) })
      .returning({ id: gateways.id });
    const sns = Array.from({ length: 2_600 }, (_, i) => `SFI3BIG${String(i).padStart(6, '0')}`);
    await t.database.db.insert(devices).values(
      sns.slice(0, 2_500).map((sn, i) => ({
        gatewayId: gateway!.id,
        sn,
        deviceType: 'INVERTER' as const,
        model: 'SF-INV-3P-10K',
        unitId: (i % 200) + 1,
      })),
    );
    const strings = [1, 2, 3, 4].map((k) => ({
      mppt: k <= 2 ? 1 : 2,
      string: ((k - 1) % 2) + 1,
      module: { ...PV_MODULE_SF_M450 },
      modulesInSeries: 12,
    }));
    const plan = new Map(sns.map((sn) => [sn, strings]));
    const found: string[] = [];
    expect(await provisionPvStrings(t.database, plan, new Date(), (sns) => found.push(...sns))).toEqual({
      written: 2_500,
      waiting: 100,
    });
    expect(found.sort()).toEqual(sns.slice(0, 2_500));
    const [{ n }] = (await t.database.db.select({ n: count() }).from(pvStrings)) as [{ n: number }];
    expect(n).toBe(10_000);
  });

  it('replaces only the secrets that are missing or stale, and follows the file when it changes', async () => {
    await provisionFleet(t.database, demo, { credentialsPath, log });
    const file = secrets();
    const [a, b] = demo.stations[0]!.loggers.concat(demo.stations[1]!.loggers).map((l) => l.sn);
    const { [a!]: _dropped, ...rest } = file;
    // b's secret was replaced in the console: the file no longer matches the registry.
    await t.database.db
      .update(gateways)
      .set({ secretHash: hashSecret(generateSecret()) })
      .where(eq(gateways.sn, b!));
    writeFileSync(credentialsPath, JSON.stringify(rest));
    const renamed = structuredClone(demo);
    renamed.stations[0]!.name = 'Munich home (renamed)';
    renamed.stations[0]!.price = 0.35;
    const result = await provisionFleet(t.database, renamed, { credentialsPath, log });
    expect(result.rotated.sort()).toEqual([a, b].sort());
    expect(result).toMatchObject({ createdStations: 0, updatedStations: 1, createdLoggers: 0 });
    const after = secrets();
    for (const [sn, secret] of Object.entries(file)) {
      if (sn === a || sn === b) expect(after[sn]).not.toBe(secret);
      else expect(after[sn]).toBe(secret);
    }
    const rows = await snapshot();
    for (const g of rows.gateways) expect(verifySecret(after[g.sn]!, g.secretHash)).toBe(true);
    expect(rows.stations.filter((s) => s.name === 'Munich home (renamed)')).toHaveLength(1);
    expect(rows.stations).toHaveLength(demo.stations.length);
  });

  it('leaves a real logger with a fleet SN alone, and refuses an unknown company naming SIM_FLEET', async () => {
    const sn = demo.stations[3]!.loggers[0]!.sn;
    await t.database.db
      .insert(gateways)
      .values({ sn, model: 'SF-LOGGER-4G', secretHash: hashSecret('real') });
    const result = await provisionFleet(t.database, demo, { credentialsPath, log });
    expect(result.skipped).toEqual([sn]);
    expect(secrets()[sn]).toBeUndefined();
    const [real] = await t.database.db.select().from(gateways).where(eq(gateways.sn, sn));
    expect(real).toMatchObject({ simulated: false, stationId: null });
    expect(verifySecret('real', real!.secretHash)).toBe(true);

    const foreign = structuredClone(demo);
    foreign.stations[2]!.companyId = 999;
    const before = await snapshot();
    await expect(provisionFleet(t.database, foreign, { credentialsPath, log })).rejects.toThrow(
      'Invalid configuration: SIM_FLEET names company 999 at stations[2].companyId (shanghai-rooftop), which does not exist',
    );
    expect(await snapshot()).toEqual(before);
  });
});
