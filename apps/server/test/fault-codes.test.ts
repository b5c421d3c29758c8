import {
  BUILT_IN_DEFINITIONS,
  BUILT_IN_FAULT_CODES,
  emptyFaultCodeTexts,
  type FaultCode,
  type FaultCodeBody,
  type FieldError,
} from '@sunfleet/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { auditLog, faultCodes, protocolDefinitions } from '../src/db/schema.js';
import { FaultCatalogue } from '../src/modules/fault-codes/describe.js';
import { HEADER, readWorkbook, sheetRow, upload, workbook, XLSX_TYPE } from './fault-codes-support.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords, tenantDigest } from './organisation-fixtures.js';

type Page<T> = { total: number; list: T[] };

const body = (over: Partial<FaultCodeBody> & { description?: string } = {}): FaultCodeBody => {
  const texts = emptyFaultCodeTexts();
  texts.EN = { description: over.description ?? 'Test fault', cause: 'A cause', handling: '1. Do this' };
  texts.DE.description = 'Testfehler';
  const { description: _d, ...rest } = over;
  return { code: 60_001, level: 'COMMONLY', texts, ...rest };
};

describe.each(oneDatabase())('fault-code catalogue on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let admin: ReturnType<typeof as>;
  let installer: ReturnType<typeof as>;
  let owner: ReturnType<typeof as>;
  const definitionId = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, ['demo.installer1', 'demo.owner1']);
    adminToken = await t.login();
    admin = as(t, adminToken);
    installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    owner = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
    for (const row of await t.database.db
      .select({ id: protocolDefinitions.id, code: protocolDefinitions.code })
      .from(protocolDefinitions))
      definitionId.set(row.code, row.id);
  });
  afterAll(() => t.close());

  const defId = (code: string): number => {
    const id = definitionId.get(code);
    if (id === undefined) throw new Error(`no definition ${code}`);
    return id;
  };
  const lastAudit = async () =>
    (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  describe('seed', () => {
    it('holds every built-in code once per built-in definition of its device type', async () => {
      const expected = BUILT_IN_DEFINITIONS.flatMap((d) =>
        BUILT_IN_FAULT_CODES.filter((f) => f.deviceType === d.deviceType).map((f) => `${d.code}|${f.code}`),
      );
      const rows = await t.database.db
        .select({ definition: protocolDefinitions.code, code: faultCodes.code, builtIn: faultCodes.builtIn })
        .from(faultCodes)
        .innerJoin(protocolDefinitions, eq(protocolDefinitions.id, faultCodes.definitionId));
      expect(rows.map((r) => `${r.definition}|${r.code}`).sort()).toEqual([...expected].sort());
      expect(rows.every((r) => r.builtIn)).toBe(true);
      // Some SunSpec event bits and vendor codes by name, to see the data is what it claims.
      const page = await admin.get<Page<FaultCode>>(
        `/faultCode/page?definitionId=${defId('sunspec-inverter-3p')}&code=10100`,
      );
      expect(page.data.list[0]?.texts.EN.description).toBe('Ground fault');
      expect(page.data.list[0]).toMatchObject({ scope: 'DEFINITION', definitionCode: 'sunspec-inverter-3p' });
    });
  });

  describe('CRUD', () => {
    it('creates, reads, replaces and deletes entries of each scope, audited', async () => {
      const global = await admin.post<{ id: number }>('/faultCode', body());
      expect(global.status).toBe(200);
      expect((await lastAudit())?.action).toBe('faultCode.create');
      const one = await admin.get<FaultCode>(`/faultCode/${global.data.id}`);
      expect(one.data).toMatchObject({
        scope: 'GLOBAL',
        code: 60_001,
        level: 'COMMONLY',
        builtIn: false,
        modelId: null,
        definitionId: null,
        deviceType: null,
      });
      expect(one.data.texts.DE.description).toBe('Testfehler');

      const models = await admin.get<{ id: number; model: string }[]>(
        '/deviceModel/list?deviceType=INVERTER',
      );
      const model = models.data.find((m) => m.model === 'SF-INV-1P-5K');
      const scoped = await admin.post<{ id: number }>('/faultCode', body({ modelId: model?.id ?? 0 }));
      expect(scoped.status).toBe(200);
      expect((await admin.get<FaultCode>(`/faultCode/${scoped.data.id}`)).data).toMatchObject({
        scope: 'MODEL',
        model: 'SF-INV-1P-5K',
        deviceType: 'INVERTER',
      });

      const changed = await admin.put(
        `/faultCode/${global.data.id}`,
        body({ level: 'URGENT', description: 'Changed' }),
      );
      expect(changed.status).toBe(200);
      expect((await lastAudit())?.action).toBe('faultCode.update');
      expect((await admin.get<FaultCode>(`/faultCode/${global.data.id}`)).data).toMatchObject({
        level: 'URGENT',
        texts: { EN: { description: 'Changed' } },
      });

      expect((await admin.del(`/faultCode/${global.data.id}`)).status).toBe(200);
      expect((await lastAudit())?.action).toBe('faultCode.delete');
      expect((await admin.get(`/faultCode/${global.data.id}`)).status).toBe(4004);
      expect((await admin.del(`/faultCode/${global.data.id}`)).status).toBe(4004);
      expect((await admin.put(`/faultCode/${global.data.id}`, body())).status).toBe(4004);
      await admin.del(`/faultCode/${scoped.data.id}`);
    });

    it('refuses bad input with a clear error and stores nothing', async () => {
      const taken = await admin.post<{ id: number }>('/faultCode', body({ code: 60_002 }));
      const before = await tenantDigest(t);
      const cases: [Partial<FaultCodeBody> & { description?: string }, number, string][] = [
        [{ code: 60_002 }, 4009, 'FaultCodeExists'],
        [{ modelId: 1, definitionId: 1 }, 4000, 'FaultCodeScopeInvalid'],
        [{ modelId: 999_999 }, 4000, 'FaultCodeModelUnknown'],
        [{ definitionId: 999_999 }, 4000, 'FaultCodeDefinitionUnknown'],
        [{ description: '   ' }, 4000, 'FaultCodeDescriptionRequired'],
        [{ code: 65_536 }, 4000, ''],
        [{ code: -1 }, 4000, ''],
      ];
      for (const [over, status, enMsg] of cases) {
        const res = await admin.post('/faultCode', body(over));
        expect(res.status, JSON.stringify(over)).toBe(status);
        if (enMsg !== '') expect(res.enMsg).toBe(enMsg);
      }
      expect(await tenantDigest(t)).toEqual(before);
      const wrongLevel = await admin.post('/faultCode', { ...body(), level: 'SEVERE' });
      expect(wrongLevel.status).toBe(4000);
      const long = body();
      long.texts.EN.cause = 'x'.repeat(1_001);
      expect((await admin.post('/faultCode', long)).status).toBe(4000);
      const missingLanguage = { ...body(), texts: { EN: body().texts.EN } };
      expect((await admin.post('/faultCode', missingLanguage)).status).toBe(4000);
      expect(await tenantDigest(t)).toEqual(before);
      // A code already used in the same scope, by update.
      const other = await admin.post<{ id: number }>('/faultCode', body({ code: 60_003 }));
      const after = await tenantDigest(t);
      expect((await admin.put(`/faultCode/${other.data.id}`, body({ code: 60_002 }))).status).toBe(4009);
      expect(await tenantDigest(t)).toEqual(after);
      await admin.del(`/faultCode/${other.data.id}`);
      await admin.del(`/faultCode/${taken.data.id}`);
    });

    it('lets alarm viewers read but only a platform account with faultCode:update write', async () => {
      expect((await owner.get<Page<FaultCode>>('/faultCode/page?pageSize=1')).status).toBe(200);
      expect((await owner.post('/faultCode', body({ code: 60_010 }))).status).toBe(4003);
      expect((await installer.post('/faultCode', body({ code: 60_010 }))).status).toBe(4003);
      const guest = (await t.app.inject({ method: 'POST', url: '/api/login/guest' })).json<{
        data: { token: string };
      }>().data.token;
      const asGuest = as(t, guest);
      expect((await asGuest.get('/faultCode/page')).status).toBe(200);
      expect((await asGuest.post('/faultCode', body({ code: 60_010 }))).status).toBe(4003);
      expect((await t.app.inject({ method: 'GET', url: '/api/faultCode/page' })).json()).toMatchObject({
        status: 4001,
      });
    });

    it('filters by scope, definition, device type, code, level and keyword in any language', async () => {
      const meter = defId('sunspec-meter-3p');
      const byDefinition = await admin.get<Page<FaultCode>>(
        `/faultCode/page?definitionId=${meter}&pageSize=100`,
      );
      expect(byDefinition.data.total).toBe(
        BUILT_IN_FAULT_CODES.filter((f) => f.deviceType === 'METER').length,
      );
      const urgent = await admin.get<Page<FaultCode>>('/faultCode/page?level=URGENT&deviceType=BATTERY');
      expect(urgent.data.list.length).toBeGreaterThan(0);
      expect(urgent.data.list.every((f) => f.level === 'URGENT' && f.deviceType === 'BATTERY')).toBe(true);
      const german = await admin.get<Page<FaultCode>>(
        `/faultCode/page?keyword=${encodeURIComponent('Lüfterfehler')}&definitionId=${defId('sunspec-inverter-1p')}`,
      );
      // The fan fault itself, and the derating whose handling points to it.
      expect(german.data.list.map((f) => f.code)).toEqual([3010, 3020]);
      // LIKE wildcards in the keyword are taken literally: '%' finds the texts that hold a percent sign.
      const percent = await admin.get<Page<FaultCode>>(`/faultCode/page?keyword=${encodeURIComponent('%')}`);
      expect(percent.data.total).toBeGreaterThan(0);
      for (const entry of percent.data.list) expect(JSON.stringify(entry.texts)).toContain('%');
      const all = await admin.get<Page<FaultCode>>('/faultCode/page');
      expect(percent.data.total).toBeLessThan(all.data.total);
      const global = await admin.get<Page<FaultCode>>('/faultCode/page?scope=GLOBAL');
      expect(global.data.list.every((f) => f.scope === 'GLOBAL')).toBe(true);
      expect((await admin.get('/faultCode/page?code=70000')).status).toBe(4000);
      expect((await admin.get('/faultCode/page?level=LOUD')).status).toBe(4000);
    });
  });

  describe('describeAlarm', () => {
    it('prefers the model, then the definition, then a global entry; unknown codes say so', async () => {
      const catalogue = new FaultCatalogue(t.database.db);
      const inverter = defId('sunspec-inverter-3p');
      const inDe = await catalogue.describeAlarm({ modelId: null, definitionId: inverter }, 2031, 'DE');
      expect(inDe).toMatchObject({ known: true, description: 'Netzüberspannung', level: 'IMPORTANT' });
      expect(inDe.handling).toMatch(/^1\. /);

      const unknown = await catalogue.describeAlarm({ modelId: null, definitionId: inverter }, 59_999, 'EN');
      expect(unknown).toEqual({ known: false, description: null, cause: null, handling: null });
      expect(await catalogue.describeAlarm(null, 2031, 'EN')).toMatchObject({ known: false });

      // A global entry with English only: other languages fall back to English.
      const global = await admin.post<{ id: number }>(
        '/faultCode',
        body({ code: 59_999, description: 'Global' }),
      );
      expect(await catalogue.describeAlarm(null, 59_999, 'ITA')).toMatchObject({
        known: true,
        description: 'Global',
        cause: 'A cause',
      });
      expect(
        await catalogue.describeAlarm({ modelId: null, definitionId: inverter }, 59_999, 'CN'),
      ).toMatchObject({
        description: 'Global',
      });
      const models = await admin.get<{ id: number; model: string }[]>(
        '/deviceModel/list?deviceType=INVERTER',
      );
      const model = models.data.find((m) => m.model === 'SF-INV-3P-10K');
      const own = await admin.post<{ id: number }>(
        '/faultCode',
        body({ code: 2031, modelId: model?.id ?? 0, description: 'Model-specific overvoltage' }),
      );
      expect(
        await catalogue.describeAlarm({ modelId: model?.id ?? 0, definitionId: inverter }, 2031, 'EN'),
      ).toMatchObject({ description: 'Model-specific overvoltage' });
      await admin.del(`/faultCode/${own.data.id}`);
      await admin.del(`/faultCode/${global.data.id}`);
    });
  });

  describe('XLSX', () => {
    const exportFile = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/faultCode/export?${query}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_TYPE);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="fault-codes-[0-9-]+\.xlsx"$/,
      );
      return res.rawPayload;
    };

    it('exports the filtered entries; the file imports unchanged, and an edited cell is applied', async () => {
      const meter = defId('sunspec-meter-1p');
      const file = await exportFile(`definitionId=${meter}`);
      const rows = await readWorkbook(file);
      expect(rows[0]).toEqual(HEADER);
      const count = BUILT_IN_FAULT_CODES.filter((f) => f.deviceType === 'METER').length;
      expect(rows).toHaveLength(count + 1);
      expect(rows[1]?.slice(0, 5)).toEqual(['sunspec-meter-1p', 'METER', null, 6001, 'COMMONLY']);

      const total = await countRows(t, 'fault_codes');
      const same = await upload(t, adminToken, 'fault-codes.xlsx', file);
      expect(same.json()).toMatchObject({ status: 200, data: { created: 0, updated: count } });
      expect(await countRows(t, 'fault_codes')).toBe(total);
      expect((await lastAudit())?.action).toBe('faultCode.import');

      // Edit one cell and add a global row.
      const edited = rows.map((r) => [...r]);
      const descriptionDe = HEADER.indexOf('Description DE');
      (edited[1] as (string | number | null)[])[descriptionDe] = 'Zähler offline (bearbeitet)';
      edited.push(sheetRow({ Code: 61_000, Level: 'prompt', 'Description EN': 'Imported global code' }));
      const res = await upload(t, adminToken, 'edited.xlsx', await workbook(edited));
      expect(res.json()).toMatchObject({ status: 200, data: { created: 1, updated: count } });
      const back = await admin.get<Page<FaultCode>>(`/faultCode/page?definitionId=${meter}&code=6001`);
      expect(back.data.list[0]?.texts.DE.description).toBe('Zähler offline (bearbeitet)');
      const global = await admin.get<Page<FaultCode>>('/faultCode/page?code=61000');
      expect(global.data.list[0]).toMatchObject({ scope: 'GLOBAL', level: 'PROMPT' });
      await admin.del(`/faultCode/${global.data.list[0]?.id ?? 0}`);
    });

    it('stores nothing when any row is bad, and names every bad row and column', async () => {
      const before = await tenantDigest(t);
      const file = await workbook([
        HEADER,
        sheetRow({ Code: 61_100, Level: 'URGENT', 'Description EN': 'Good row' }),
        sheetRow({ Definition: 'no-such-protocol', Code: 61_101, Level: 'URGENT', 'Description EN': 'x' }),
        sheetRow({ Code: 61_102, Level: 'SEVERE', 'Description EN': 'x' }),
        sheetRow({ Code: 'abc', Level: 'PROMPT', 'Description EN': 'x' }),
        sheetRow({ Code: 61_103, Level: 'PROMPT', 'Description DE': 'nur deutsch' }),
        sheetRow({ Code: 61_100, Level: 'PROMPT', 'Description EN': 'same scope and code as row 2' }),
        sheetRow({
          Definition: 'sunspec-meter-1p',
          Model: 'SF-MTR-1P',
          Code: 1,
          Level: 'PROMPT',
          'Description EN': 'x',
        }),
        sheetRow({ Model: 'NO-SUCH-MODEL', Code: 2, Level: 'PROMPT', 'Description EN': 'x' }),
        sheetRow({ Code: 3, Level: 'PROMPT', 'Description EN': 'y'.repeat(201) }),
      ]);
      const res = await upload(t, adminToken, 'bad.xlsx', file);
      const answer = res.json<{ status: number; enMsg: string; data: FieldError[] }>();
      expect(answer.status).toBe(4000);
      expect(answer.enMsg).toBe('FaultCodeImportInvalid');
      expect(answer.data.map((e) => `${e.field} ${e.rule}`)).toEqual([
        'row.3.Definition FaultCodeDefinitionUnknown',
        'row.4.Level FaultCodeLevelInvalid',
        'row.5.Code FaultCodeInvalid',
        'row.6.Description EN FaultCodeDescriptionRequired',
        'row.7.Code FaultCodeImportDuplicate',
        'row.8.Model FaultCodeScopeInvalid',
        'row.9.Model FaultCodeModelUnknown',
        'row.10.Description EN FaultCodeTextTooLong',
      ]);
      expect(await tenantDigest(t)).toEqual(before);
    });

    it('refuses files that are not the catalogue sheet', async () => {
      const before = await tenantDigest(t);
      const xls = Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(64),
      ]);
      const cases: [string, Buffer, string][] = [
        ['old.xls', xls, 'FaultCodeImportLegacyXls'],
        ['text.xlsx', Buffer.from('Code,Level\n1,URGENT\n'), 'FaultCodeImportUnreadable'],
        ['codes.csv', await workbook([HEADER]), 'rule.uploadType'],
        [
          'header.xlsx',
          await workbook([
            ['Code', 'Level'],
            [1, 'URGENT'],
          ]),
          'FaultCodeImportHeaderInvalid',
        ],
        ['empty.xlsx', await workbook([HEADER]), 'FaultCodeImportEmpty'],
      ];
      for (const [name, content, rule] of cases) {
        const answer = (await upload(t, adminToken, name, content)).json<{
          status: number;
          data: FieldError[];
        }>();
        expect(answer.status, name).toBe(4000);
        if (rule !== 'rule.uploadType') expect(answer.data[0]?.rule, name).toBe(rule);
      }
      const installerToken = await t.login('demo.installer1', DEMO_PASSWORD);
      const good = await workbook([
        HEADER,
        sheetRow({ Code: 61_200, Level: 'URGENT', 'Description EN': 'x' }),
      ]);
      expect((await upload(t, installerToken, 'good.xlsx', good)).json()).toMatchObject({ status: 4003 });
      expect(await tenantDigest(t)).toEqual(before);
    });
  });

  describe('alarm list', () => {
    it('carries the catalogue text in the caller’s language, and lists unknown codes as unknown', async () => {
      const db = t.database.db;
      const [gateway] = await queryRows<{ id: number }>(
        db,
        sql`insert into gateways (sn, model, secret_hash) values ('FCTEST0001', 'SF-LOGGER-4G', 'x') returning id`,
      );
      const gatewayId = gateway?.id ?? 0;
      const [device] = await queryRows<{ id: number }>(
        db,
        sql`insert into devices (gateway_id, sn, device_type, model_id, model, unit_id)
            select ${gatewayId}, 'SFI3A2606FCTEST', 'INVERTER', id, model, 1 from device_models
            where model = 'SF-INV-3P-10K' returning id`,
      );
      await db.execute(sql`insert into alarms (gateway_id, device_id, record_id, kind, code, level, started_at)
        values (${gatewayId}, ${device?.id ?? 0}, 'fc-1', 'ALARM', 3001, 'URGENT', now()),
               (${gatewayId}, ${device?.id ?? 0}, 'fc-2', 'ALARM', 59998, 'IMPORTANT', now() - interval '1 minute')`);
      await db.execute(sql`update users set language = 'DE' where role_id = 1`);
      interface Row {
        code: number;
        known: boolean;
        description: string | null;
        cause: string | null;
        handling: string | null;
      }
      const page = await admin.get<Page<Row>>(`/alarm/page?gatewayId=${gatewayId}`);
      expect(page.data.list).toHaveLength(2);
      expect(page.data.list[0]).toMatchObject({
        code: 3001,
        known: true,
        description: 'Isolationswiderstand zu niedrig',
      });
      expect(page.data.list[0]?.handling).toContain('Isolationsmessgerät');
      expect(page.data.list[1]).toEqual(
        expect.objectContaining({
          code: 59998,
          known: false,
          description: null,
          cause: null,
          handling: null,
        }),
      );
      await db.execute(sql`update users set language = 'EN' where role_id = 1`);
      const english = await admin.get<Page<Row>>(`/alarm/page?gatewayId=${gatewayId}`);
      expect(english.data.list[0]?.description).toBe('Low insulation resistance');
    });
  });
});
