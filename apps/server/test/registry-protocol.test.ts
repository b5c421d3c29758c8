import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, tenantDigest } from './organisation-fixtures.js';

interface Register {
  key: string;
  nameKey: string;
  address: number;
  count: number;
  dataType: string;
  scale: number;
  unit: string;
  group: string;
  writable: boolean;
  min: number | null;
  max: number | null;
  column: string | null;
  values?: { value: number; nameKey: string }[];
}
interface Summary {
  id: number;
  code: string;
  name: string;
  deviceType: string;
  builtIn: boolean;
  registerCount: number;
  modelCount: number;
}
interface Detail extends Summary {
  registers: Register[];
}
type Page<T> = { total: number; list: T[] };

const base = (over: Partial<Register> & Pick<Register, 'key' | 'address'>): Register => ({
  nameKey: `register.${over.key}`,
  count: 1,
  dataType: 'U16',
  scale: 0,
  unit: '',
  group: 'ac',
  writable: false,
  min: null,
  max: null,
  column: null,
  ...over,
});

function body(code = 'acme-inv') {
  return {
    code,
    name: 'Acme inverter',
    deviceType: 'INVERTER',
    sunspecModels: [],
    registers: [
      base({ key: 'W', address: 100, dataType: 'S16', unit: 'W', column: 'power_w' }),
      base({
        key: 'WH',
        address: 101,
        count: 2,
        dataType: 'U32',
        unit: 'Wh',
        group: 'energy',
        column: 'energy_total_wh',
      }),
      base({ key: 'Lim', address: 103, group: 'settings', writable: true, min: 0, max: 100 }),
      base({ key: 'Mn', address: 104, count: 4, dataType: 'STRING', group: 'common' }),
      base({ key: 'Ip', address: 108, count: 2, dataType: 'IP', group: 'common', writable: true }),
    ],
  };
}

describe.each(oneDatabase())('device protocols on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let distributor: ReturnType<typeof as>;
  let owner: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A custom grant: the distributor's role holds the update permission, yet it is not platform staff.
    await t.database.db
      .update(roles)
      .set({
        permissions: sql`${roles.permissions} || array['deviceProtocol:view', 'deviceProtocol:update']`,
      })
      .where(eq(roles.id, 2));
    await setPasswords(t, ['demo.distributor', 'demo.owner1']);
    admin = as(t, await t.login());
    distributor = as(t, await t.login('demo.distributor', DEMO_PASSWORD));
    owner = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
  });
  afterAll(() => t.close());

  it('lists the built-in SunSpec definitions, filtered by type and keyword', async () => {
    const all = await admin.get<Page<Summary>>('/deviceProtocol/page?pageSize=50');
    expect(all.status).toBe(200);
    expect(all.data.list.map((d) => d.code)).toEqual(
      expect.arrayContaining([
        'sunspec-inverter-1p',
        'sunspec-inverter-3p',
        'sunspec-meter-3p',
        'sunspec-storage',
      ]),
    );
    expect(all.data.list.every((d) => d.builtIn)).toBe(true);
    const meters = await admin.get<Page<Summary>>('/deviceProtocol/page?deviceType=METER');
    expect(meters.data.list.map((d) => d.code).sort()).toEqual([
      'sunspec-meter-1p',
      'sunspec-meter-3p',
      'sunspec-meter-split',
    ]);
    const found = await admin.get<Page<Summary>>('/deviceProtocol/page?keyword=WEATHER');
    expect(found.data).toMatchObject({
      total: 1,
      list: [{ code: 'sunspec-weather', deviceType: 'WEATHER_STATION' }],
    });
    const threePhase = all.data.list.find((d) => d.code === 'sunspec-inverter-3p');
    expect(threePhase).toMatchObject({ modelCount: 3 });
    const paged = await admin.get<Page<Summary>>('/deviceProtocol/page?pageNum=2&pageSize=4');
    expect(paged.data.list).toHaveLength(4);
  });

  it('gives one definition with its register map', async () => {
    const page = await admin.get<Page<Summary>>('/deviceProtocol/page?keyword=sunspec-inverter-3p');
    const id = page.data.list[0]?.id ?? 0;
    const detail = await admin.get<Detail>(`/deviceProtocol/${id}`);
    expect(detail.data.registers.find((r) => r.key === 'W')).toMatchObject({
      address: 40084,
      dataType: 'S16',
      column: 'power_w',
    });
    expect(detail.data.registerCount).toBe(detail.data.registers.length);
    expect((await admin.get('/deviceProtocol/999999')).status).toBe(4004);
  });

  it('creates, replaces and deletes a definition, audited', async () => {
    const created = await admin.post<{ id: number }>('/deviceProtocol', body());
    expect(created.status).toBe(200);
    const id = created.data.id;
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'deviceProtocol.create', targetId: String(id), status: 200 });

    const changed = body('acme-inv-2');
    changed.registers[2] = base({
      key: 'Lim',
      address: 103,
      group: 'settings',
      writable: true,
      min: 10,
      max: 90,
    });
    expect((await admin.put(`/deviceProtocol/${id}`, changed)).status).toBe(200);
    const detail = await admin.get<Detail>(`/deviceProtocol/${id}`);
    expect(detail.data).toMatchObject({ code: 'acme-inv-2', builtIn: false, registerCount: 5 });
    expect(detail.data.registers[2]).toMatchObject({ min: 10, max: 90 });

    expect((await admin.del(`/deviceProtocol/${id}`)).status).toBe(200);
    expect((await admin.get(`/deviceProtocol/${id}`)).status).toBe(4004);
    expect((await admin.del(`/deviceProtocol/${id}`)).status).toBe(4004);
  });

  it('copies a built-in definition under a new code', async () => {
    const page = await admin.get<Page<Summary>>('/deviceProtocol/page?keyword=sunspec-storage');
    const builtIn = await admin.get<Detail>(`/deviceProtocol/${page.data.list[0]?.id ?? 0}`);
    const { registers, deviceType, name } = builtIn.data;
    // The value labels of enumerated registers travel with the copy (work modes, charge states).
    expect(registers.find((r) => r.key === 'WorkMode')?.values).toHaveLength(5);
    const copy = await admin.post<{ id: number }>('/deviceProtocol', {
      code: 'storage-copy',
      name: `${name} (copy)`,
      deviceType,
      sunspecModels: [124],
      registers,
    });
    expect(copy.status).toBe(200);
    const detail = await admin.get<Detail>(`/deviceProtocol/${copy.data.id}`);
    expect(detail.data.registers).toEqual(registers);
    expect(detail.data.builtIn).toBe(false);
  });

  it('refuses every bad register map with a clear 4000 and changes nothing', async () => {
    const cases: [string, (b: ReturnType<typeof body>) => void, string, string | null][] = [
      [
        'duplicate key',
        (b) => void (b.registers[1]!.key = 'W'),
        'RegisterKeyDuplicate',
        'body.registers[1].key',
      ],
      [
        'overlap',
        (b) => void (b.registers[2]!.address = 102),
        'RegisterAddressOverlap',
        'body.registers[2].address',
      ],
      [
        'overlap inside a string',
        (b) => b.registers.push(base({ key: 'X', address: 106 })),
        'RegisterAddressOverlap',
        'body.registers[5].address',
      ],
      [
        'U32 of one register',
        (b) => void (b.registers[1]!.count = 1),
        'RegisterCountMismatch',
        'body.registers[1].count',
      ],
      [
        'IP of three registers',
        (b) => void (b.registers[4]!.count = 3),
        'RegisterCountMismatch',
        'body.registers[4].count',
      ],
      [
        'min above max',
        (b) => void (b.registers[2]!.min = 200),
        'RegisterRangeInvalid',
        'body.registers[2].min',
      ],
      [
        'writable without max',
        (b) => void (b.registers[2]!.max = null),
        'RegisterRangeRequired',
        'body.registers[2].max',
      ],
      [
        'two registers, one column',
        (b) => void (b.registers[2]!.column = 'power_w'),
        'RegisterColumnDuplicate',
        'body.registers[2].column',
      ],
      [
        'string into a numeric column',
        (b) => void (b.registers[3]!.column = 'temperature_c'),
        'RegisterColumnNotNumeric',
        'body.registers[3].column',
      ],
      [
        'unknown display group',
        (b) => void (b.registers[0]!.group = 'nope'),
        'RegisterGroupUnknown',
        'body.registers[0].group',
      ],
      [
        'one value labelled twice',
        (b) =>
          void (b.registers[0]!.values = [
            { value: 1, nameKey: 'registerValue.a' },
            { value: 1, nameKey: 'registerValue.b' },
          ]),
        'RegisterValuesInvalid',
        'body.registers[0].values',
      ],
      [
        'labels on a string',
        (b) => void (b.registers[3]!.values = [{ value: 0, nameKey: 'registerValue.a' }]),
        'RegisterValuesInvalid',
        'body.registers[3].values',
      ],
      [
        'past the last address',
        (b) => void Object.assign(b.registers[1]!, { address: 65_535 }),
        'RegisterBeyondAddressSpace',
        'body.registers[1].address',
      ],
      ['column pattern', (b) => void (b.registers[0]!.column = 'mppt_v[16]'), 'rule.format', null],
      ['key pattern', (b) => void (b.registers[0]!.key = '1W'), 'rule.format', null],
      ['unknown data type', (b) => void (b.registers[0]!.dataType = 'U64'), 'rule.enum', null],
      ['blank name', (b) => void (b.name = '   '), 'rule.required', 'body.name'],
      ['code with a space', (b) => void (b.code = 'a b'), 'rule.format', 'body.code'],
    ];
    const before = await tenantDigest(t);
    for (const [label, mutate, rule, field] of cases) {
      const b = body(`bad-${label.replace(/\W+/g, '-')}`);
      mutate(b);
      const res = await admin.post<{ field: string; rule: string }[]>('/deviceProtocol', b);
      expect(res.status, label).toBe(4000);
      if (field !== null) {
        expect(res.enMsg, label).toBe(rule);
        expect(res.data, label).toContainEqual(expect.objectContaining({ field, rule }));
      }
    }
    expect(await tenantDigest(t)).toEqual(before);
  });

  it('answers 4009 for a taken code, on create and on replace', async () => {
    const first = await admin.post<{ id: number }>('/deviceProtocol', body('taken-a'));
    const second = await admin.post<{ id: number }>('/deviceProtocol', body('taken-b'));
    const before = await tenantDigest(t);
    expect(await admin.post('/deviceProtocol', body('taken-a'))).toMatchObject({
      status: 4009,
      enMsg: 'ProtocolDefinitionCodeExists',
    });
    expect(await admin.post('/deviceProtocol', body('sunspec-inverter-1p'))).toMatchObject({ status: 4009 });
    expect(await admin.put(`/deviceProtocol/${second.data.id}`, body('taken-a'))).toMatchObject({
      status: 4009,
    });
    expect(first.status).toBe(200);
    expect(await tenantDigest(t)).toEqual(before);
  });

  it('keeps built-in definitions read-only and definitions in use undeletable', async () => {
    const page = await admin.get<Page<Summary>>('/deviceProtocol/page?keyword=sunspec-inverter-1p');
    const builtInId = page.data.list[0]?.id ?? 0;
    const mine = await admin.post<{ id: number }>('/deviceProtocol', body('in-use'));
    const model = await admin.post('/deviceModel', {
      deviceType: 'INVERTER',
      model: 'ACME-1',
      manufacturer: 'Acme',
      definitionId: mine.data.id,
      ratedPower: 3000,
      mpptChannels: 1,
    });
    expect(model.status).toBe(200);

    const before = await tenantDigest(t);
    expect(await admin.put(`/deviceProtocol/${builtInId}`, body('x-built-in'))).toMatchObject({
      status: 4000,
      enMsg: 'ProtocolDefinitionBuiltIn',
    });
    expect(await admin.del(`/deviceProtocol/${builtInId}`)).toMatchObject({
      status: 4000,
      enMsg: 'ProtocolDefinitionBuiltIn',
    });
    expect(await admin.del(`/deviceProtocol/${mine.data.id}`)).toMatchObject({
      status: 4000,
      enMsg: 'ProtocolDefinitionInUse',
    });
    const asMeter = { ...body('in-use'), deviceType: 'METER' };
    expect(await admin.put(`/deviceProtocol/${mine.data.id}`, asMeter)).toMatchObject({
      status: 4000,
      enMsg: 'ProtocolDefinitionTypeLocked',
    });
    expect(await tenantDigest(t)).toEqual(before);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deviceProtocol.delete'), eq(auditLog.status, 4000)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('lets only platform staff with the permission write; others read nothing or nothing at all', async () => {
    expect((await distributor.get('/deviceProtocol/page')).status).toBe(200);
    const before = await tenantDigest(t);
    expect((await distributor.post('/deviceProtocol', body('from-distributor'))).status).toBe(4003);
    expect((await owner.get('/deviceProtocol/page')).status).toBe(4003);
    expect((await owner.post('/deviceProtocol', body('from-owner'))).status).toBe(4003);
    const guest = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    const asGuest = as(t, guest.json<{ data: { token: string } }>().data.token);
    expect((await asGuest.get('/deviceProtocol/page')).status).toBe(4003);
    expect(await tenantDigest(t)).toEqual(before);
  });
});
