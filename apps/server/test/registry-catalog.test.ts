import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, tenantDigest } from './organisation-fixtures.js';

interface Group {
  key: string;
  nameKey: string;
  sort: number;
  registerCount: number;
}
interface Model {
  id: number;
  deviceType: string;
  model: string;
  definitionId: number | null;
  definitionCode: string | null;
  ratedPower: number | null;
  mpptChannels: number;
  ruleCount: number;
}
interface Rule {
  id: number;
  snPrefix: string;
  modelId: number;
  model: string;
  deviceType: string;
  remark: string | null;
}
type Page<T> = { total: number; list: T[] };

describe.each(oneDatabase())('display groups, device models and rules on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let installer: ReturnType<typeof as>;
  let owner: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, ['demo.installer1', 'demo.owner1']);
    admin = as(t, await t.login());
    installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    owner = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
  });
  afterAll(() => t.close());

  const lastAudit = async () =>
    (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const modelId = async (model: string): Promise<number> => {
    const list = await admin.get<Model[]>('/deviceModel/list');
    const found = list.data.find((m) => m.model === model);
    if (!found) throw new Error(`no model ${model}`);
    return found.id;
  };

  describe('display groups', () => {
    it('lists the seeded groups in order, with how many registers use each', async () => {
      const groups = await admin.get<Group[]>('/displayGroup/list');
      expect(groups.data.map((g) => g.key)).toEqual([
        'common',
        'ac',
        'dc',
        'mppt',
        'energy',
        'battery',
        'meter',
        'weather',
        'status',
        'settings',
      ]);
      const mppt = groups.data.find((g) => g.key === 'mppt');
      // 15 trackers × 3 points in each of the three inverter definitions.
      expect(mppt).toMatchObject({ nameKey: 'displayGroup.mppt', registerCount: 135 });
    });

    it('creates, changes and deletes a group, audited', async () => {
      expect(
        (await admin.post('/displayGroup', { key: 'grid', nameKey: 'displayGroup.grid', sort: 15 })).status,
      ).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: 'displayGroup.create',
        targetId: 'grid',
        status: 200,
      });
      expect(
        (await admin.put('/displayGroup/grid', { nameKey: 'displayGroup.gridSide', sort: 5 })).status,
      ).toBe(200);
      const groups = await admin.get<Group[]>('/displayGroup/list');
      expect(groups.data[0]).toMatchObject({
        key: 'grid',
        nameKey: 'displayGroup.gridSide',
        sort: 5,
        registerCount: 0,
      });
      expect((await admin.del('/displayGroup/grid')).status).toBe(200);
      expect((await admin.del('/displayGroup/grid')).status).toBe(4004);
      expect((await admin.put('/displayGroup/grid', { nameKey: 'x', sort: 1 })).status).toBe(4004);
    });

    it('refuses duplicates, bad input and deleting a group in use, changing nothing', async () => {
      const before = await tenantDigest(t);
      expect(await admin.post('/displayGroup', { key: 'ac', nameKey: 'x', sort: 1 })).toMatchObject({
        status: 4009,
        enMsg: 'DisplayGroupExists',
      });
      expect(await admin.del('/displayGroup/ac')).toMatchObject({ status: 4000, enMsg: 'DisplayGroupInUse' });
      expect((await admin.post('/displayGroup', { key: 'Bad Key', nameKey: 'x', sort: 1 })).status).toBe(
        4000,
      );
      expect((await admin.post('/displayGroup', { key: 'ok', nameKey: '  ', sort: 1 })).enMsg).toBe(
        'rule.required',
      );
      expect((await admin.post('/displayGroup', { key: 'ok', nameKey: 'x', sort: -1 })).status).toBe(4000);
      expect(await tenantDigest(t)).toEqual(before);
    });
  });

  describe('device models', () => {
    it('lists the simulator models with their definitions, optionally by type', async () => {
      const all = await admin.get<Model[]>('/deviceModel/list');
      expect(all.data).toHaveLength(10);
      const inverters = await owner.get<Model[]>('/deviceModel/list?deviceType=INVERTER');
      expect(inverters.status).toBe(200);
      expect(inverters.data.map((m) => m.model).sort()).toEqual([
        'SF-INV-1P-5K',
        'SF-INV-3P-10K',
        'SF-INV-3P-110K',
        'SF-INV-3P-50K',
      ]);
      expect(inverters.data.find((m) => m.model === 'SF-INV-3P-110K')).toMatchObject({
        definitionCode: 'sunspec-inverter-3p',
        ratedPower: 110_000,
        mpptChannels: 15,
        ruleCount: 1,
      });
    });

    it('creates and changes a model, checking its definition', async () => {
      const meters = await admin.get<Model[]>('/deviceModel/list?deviceType=METER');
      const meterDefinition = meters.data[0]?.definitionId ?? 0;
      const inverterDefinition = (await admin.get<Model[]>('/deviceModel/list?deviceType=INVERTER')).data[0]
        ?.definitionId;
      const created = await admin.post<{ id: number }>('/deviceModel', {
        deviceType: 'METER',
        model: 'ACME-MTR',
        manufacturer: ' Acme ',
        definitionId: meterDefinition,
        ratedPower: null,
        mpptChannels: 0,
      });
      expect(created.status).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: 'deviceModel.create',
        targetId: String(created.data.id),
      });

      const before = await tenantDigest(t);
      const bad: [Record<string, unknown>, number, string][] = [
        [{ model: 'ACME-MTR' }, 4009, 'DeviceModelExists'],
        [{ model: 'SF-MTR-1P' }, 4009, 'DeviceModelExists'],
        [{ definitionId: inverterDefinition }, 4000, 'ProtocolDefinitionTypeMismatch'],
        [{ definitionId: 999_999 }, 4000, 'ProtocolDefinitionUnknown'],
        [{ model: 'has space' }, 4000, 'rule.format'],
        [{ mpptChannels: 16 }, 4000, 'rule.range'],
        [{ ratedPower: -1 }, 4000, 'rule.range'],
      ];
      for (const [change, status, enMsg] of bad) {
        const res = await admin.post('/deviceModel', {
          deviceType: 'METER',
          model: 'ACME-MTR-2',
          manufacturer: 'Acme',
          definitionId: meterDefinition,
          ratedPower: null,
          mpptChannels: 0,
          ...change,
        });
        expect(res, JSON.stringify(change)).toMatchObject({ status, enMsg });
      }
      expect(await tenantDigest(t)).toEqual(before);

      const changed = await admin.put(`/deviceModel/${created.data.id}`, {
        deviceType: 'METER',
        model: 'ACME-MTR-PRO',
        manufacturer: 'Acme',
        definitionId: null,
        ratedPower: 0,
        mpptChannels: 0,
      });
      expect(changed.status).toBe(200);
      const list = await admin.get<Model[]>('/deviceModel/list?deviceType=METER');
      expect(list.data.find((m) => m.id === created.data.id)).toMatchObject({
        model: 'ACME-MTR-PRO',
        manufacturer: 'Acme',
        definitionId: null,
        ratedPower: 0,
      });
      const missing = await admin.put('/deviceModel/999999', {
        deviceType: 'METER',
        model: 'X',
        manufacturer: '',
        definitionId: null,
        ratedPower: null,
        mpptChannels: 0,
      });
      expect(missing.status).toBe(4004);
    });
  });

  describe('device rules', () => {
    it('lists the seeded SN prefixes, filtered and paged', async () => {
      const all = await admin.get<Page<Rule>>('/deviceRule/page?pageSize=50');
      expect(all.data.total).toBe(10);
      expect(all.data.list.find((r) => r.snPrefix === 'SFI3C')).toMatchObject({
        model: 'SF-INV-3P-110K',
        deviceType: 'INVERTER',
      });
      const batteries = await admin.get<Page<Rule>>('/deviceRule/page?deviceType=BATTERY');
      expect(batteries.data.list.map((r) => r.snPrefix)).toEqual(['SFB1', 'SFB2']);
      const keyword = await admin.get<Page<Rule>>('/deviceRule/page?keyword=3P-50');
      expect(keyword.data.list.map((r) => r.snPrefix)).toEqual(['SFI3B']);
      const byModel = await admin.get<Page<Rule>>(`/deviceRule/page?modelId=${await modelId('SF-WS-1')}`);
      expect(byModel.data.list.map((r) => r.snPrefix)).toEqual(['SFW1']);
    });

    it('creates, changes and deletes a rule, refusing duplicates and bad input', async () => {
      const inverter = await modelId('SF-INV-1P-5K');
      const created = await admin.post<{ id: number }>('/deviceRule', {
        snPrefix: 'ACM1',
        modelId: inverter,
        remark: '  first batch ',
      });
      expect(created.status).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: 'deviceRule.create',
        targetId: String(created.data.id),
      });

      const before = await tenantDigest(t);
      expect(await admin.post('/deviceRule', { snPrefix: 'ACM1', modelId: inverter })).toMatchObject({
        status: 4009,
        enMsg: 'DeviceRuleExists',
      });
      expect(await admin.post('/deviceRule', { snPrefix: 'ACM2', modelId: 999_999 })).toMatchObject({
        status: 4000,
        enMsg: 'DeviceModelUnknown',
      });
      for (const snPrefix of ['', 'has space', 'x'.repeat(33), 'SF/1']) {
        expect((await admin.post('/deviceRule', { snPrefix, modelId: inverter })).status, snPrefix).toBe(
          4000,
        );
      }
      expect(
        await admin.put(`/deviceRule/${created.data.id}`, { snPrefix: 'SFI1', modelId: inverter }),
      ).toMatchObject({
        status: 4009,
      });
      expect(await tenantDigest(t)).toEqual(before);

      const meter = await modelId('SF-MTR-1P');
      expect(
        (
          await admin.put(`/deviceRule/${created.data.id}`, {
            snPrefix: 'ACM9',
            modelId: meter,
            remark: null,
          })
        ).status,
      ).toBe(200);
      const page = await admin.get<Page<Rule>>('/deviceRule/page?keyword=ACM');
      expect(page.data.list).toEqual([
        {
          id: created.data.id,
          snPrefix: 'ACM9',
          modelId: meter,
          model: 'SF-MTR-1P',
          deviceType: 'METER',
          remark: null,
        },
      ]);
      expect((await admin.del(`/deviceRule/${created.data.id}`)).status).toBe(200);
      expect((await admin.del(`/deviceRule/${created.data.id}`)).status).toBe(4004);
      expect((await admin.put('/deviceRule/999999', { snPrefix: 'ZZ', modelId: meter })).status).toBe(4004);
    });
  });

  it('keeps the back-office registry from installers and owners', async () => {
    const before = await tenantDigest(t);
    expect((await installer.get('/displayGroup/list')).status).toBe(4003);
    expect((await installer.get('/deviceRule/page')).status).toBe(4003);
    expect((await installer.post('/deviceRule', { snPrefix: 'X1', modelId: 1 })).status).toBe(4003);
    expect((await installer.post('/displayGroup', { key: 'x', nameKey: 'x', sort: 1 })).status).toBe(4003);
    expect(
      (
        await owner.post('/deviceModel', {
          deviceType: 'METER',
          model: 'X',
          manufacturer: '',
          definitionId: null,
          ratedPower: null,
          mpptChannels: 0,
        })
      ).status,
    ).toBe(4003);
    // Device models are read by the station screens of every user holding deviceView.
    expect((await installer.get('/deviceModel/list')).status).toBe(200);
    expect(await tenantDigest(t)).toEqual(before);
  });
});
