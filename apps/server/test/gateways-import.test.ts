import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { desc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gateways } from '../src/db/schema.js';
import { GatewayDirectory } from '../src/modules/gateways/gateway-directory.js';
import { ensureLoggerModel, LOGGER_MODEL } from './gateways-fixtures.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { registerTestLogger } from './support/loggers.js';
import { zipWithHiddenEntry } from './support/zip-archive.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An XLSX built the way a spreadsheet program would save it. */
async function workbook(rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Loggers');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(
  filename: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sunfleet${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A ZIP whose single entry claims 100 bytes but inflates to 10 MB (a small "zip bomb"). */
function lyingZip(): Buffer {
  const content = deflateRawSync(Buffer.alloc(10 * 1024 * 1024));
  const name = Buffer.from('xl/workbook.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(100, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

interface FieldError {
  field: string;
  rule: string;
  message: string;
}

describe.each(oneDatabase())('logger import on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let installer: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await ensureLoggerModel(t);
    await ensureLoggerModel(t, 'SF-LOGGER-WIFI');
    await setPasswords(t, ['demo.installer1']);
    admin = await t.login();
    installer = await t.login('demo.installer1', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const upload = async (filename: string, content: Buffer, token = admin, field = 'file') => {
    const body = multipart(filename, content, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/gateway/import',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('registers every row and answers an XLSX of the credentials, shown this once', async () => {
    const file = await workbook([
      ['SN', 'MAC', 'Model'],
      ['IMPORT0001', '00:1A:2B:3C:4D:01', LOGGER_MODEL],
      [null, null, null],
      ['IMPORT0002', '', 'SF-LOGGER-WIFI'],
      [123456789, '00-1a-2b-3c-4d-03', LOGGER_MODEL],
    ]);
    const res = await upload('factory batch.xlsx', file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="logger-credentials-[0-9-]+\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Array.isArray).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['SN', 'username', 'password']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['IMPORT0001', 'IMPORT0001'],
      ['IMPORT0002', 'IMPORT0002'],
      ['123456789', '123456789'],
    ]);
    const stored = await t.database.db
      .select()
      .from(gateways)
      .where(inArray(gateways.sn, ['IMPORT0001', 'IMPORT0002', '123456789']));
    expect(stored.map((g) => [g.sn, g.mac, g.model, g.companyId]).sort()).toEqual([
      ['123456789', '00:1A:2B:3C:4D:03', LOGGER_MODEL, 1],
      ['IMPORT0001', '00:1A:2B:3C:4D:01', LOGGER_MODEL, 1],
      ['IMPORT0002', null, 'SF-LOGGER-WIFI', 1],
    ]);
    // Each password in the file is that logger's working secret.
    const directory = new GatewayDirectory(t.database.db);
    for (const [sn, , password] of rows.slice(1)) {
      expect(await directory.authenticate(String(sn), String(password))).toBe(true);
    }
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'gateway.import', status: 200, detail: { count: 3 } });
    expect(JSON.stringify(audit?.detail)).not.toContain(String(rows[1]?.[2]));
  });

  it('refuses a file with any bad row, naming each row and reason, and stores nothing', async () => {
    await registerTestLogger(t.database.db, { sn: 'ALREADY001', companyId: 1 });
    const before = await countRows(t, 'gateways');
    const file = await workbook([
      ['Model', 'SN', 'MAC'],
      [LOGGER_MODEL, 'GOODROW001', ''],
      [LOGGER_MODEL, 'bad sn', ''],
      [LOGGER_MODEL, 'DUPLICATE1', ''],
      [LOGGER_MODEL, 'DUPLICATE1', ''],
      [LOGGER_MODEL, 'ALREADY001', ''],
      ['NO-SUCH-MODEL', 'GOODROW002', ''],
      [LOGGER_MODEL, 'GOODROW003', 'not-a-mac'],
      ['', 'GOODROW004', ''],
    ]);
    const res = await upload('batch.xlsx', file);
    const body = res.json<{ status: number; enMsg: string; data: FieldError[] }>();
    expect(body).toMatchObject({ status: 4000, enMsg: 'gateway.importInvalid' });
    expect(body.data.map((e) => [e.field, e.rule])).toEqual([
      ['row.3.SN', 'GatewaySNError'],
      ['row.5.SN', 'gateway.importSnDuplicate'],
      ['row.6.SN', 'gateway.snExists'],
      ['row.7.Model', 'gateway.modelUnknown'],
      ['row.8.MAC', 'gateway.macInvalid'],
      ['row.9.Model', 'rule.cannotBeBlank'],
    ]);
    expect(await countRows(t, 'gateways')).toBe(before);
  });

  it('refuses what is not a usable XLSX, with its own message each time', async () => {
    const before = await countRows(t, 'gateways');
    const cases: [string, Buffer, string][] = [
      ['loggers.csv', Buffer.from('SN,MAC,Model\nCSVROW0001,,SF-LOGGER-4G\n'), 'rule.importFileType'],
      ['loggers.xlsx', Buffer.from('SN,MAC,Model\nCSVROW0001,,SF-LOGGER-4G\n'), 'gateway.importUnreadable'],
      ['old.xls', Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'), 'gateway.importLegacyXls'],
      ['bomb.xlsx', lyingZip(), 'gateway.importUnreadable'],
      [
        // The directory holds one entry more than its end record declares: 24 MiB hidden in 25 KB.
        'hidden.xlsx',
        zipWithHiddenEntry(
          await workbook([
            ['SN', 'MAC', 'Model'],
            ['HIDDEN0001', '', LOGGER_MODEL],
          ]),
          'xl/media/hidden.bin',
          Buffer.alloc(24 * 1024 * 1024),
        ),
        'gateway.importUnreadable',
      ],
      ['empty.xlsx', await workbook([['SN', 'MAC', 'Model']]), 'gateway.importEmpty'],
      [
        'header.xlsx',
        await workbook([
          ['Serial', 'Type'],
          ['HEADER0001', LOGGER_MODEL],
        ]),
        'gateway.importHeaderInvalid',
      ],
      [
        'big.xlsx',
        await workbook([
          ['SN', 'MAC', 'Model'],
          ...Array.from({ length: 5_001 }, (_, i) => [
            `BIGROW${String(i).padStart(5, '0')}`,
            '',
            LOGGER_MODEL,
          ]),
        ]),
        'gateway.importTooManyRows',
      ],
    ];
    for (const [name, content, rule] of cases) {
      const res = await upload(name, content);
      expect(res.json(), name).toMatchObject({ status: 4000, enMsg: rule });
    }
    const wrongField = await upload('batch.xlsx', await workbook([['SN', 'MAC', 'Model']]), admin, 'upload');
    expect(wrongField.json()).toMatchObject({ status: 4000, enMsg: 'security.fileRequired' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/gateway/import',
      headers: bearer(admin),
      payload: { sn: 'X' },
    });
    expect(notMultipart.json()).toMatchObject({ status: 4000 });
    expect(await countRows(t, 'gateways')).toBe(before);
  });

  it('accepts the maximum of 5000 rows', async () => {
    const file = await workbook([
      ['SN', 'MAC', 'Model'],
      ...Array.from({ length: 5_000 }, (_, i) => [`MAXROW${String(i).padStart(5, '0')}`, '', LOGGER_MODEL]),
    ]);
    const res = await upload('max.xlsx', file);
    expect(res.statusCode).toBe(200);
    expect(await countRows(t, 'gateways')).toBeGreaterThanOrEqual(5_000);
  });

  it('is for holders of gateway:register only', async () => {
    const res = await upload(
      'batch.xlsx',
      await workbook([
        ['SN', 'MAC', 'Model'],
        ['NOPERM0001', '', LOGGER_MODEL],
      ]),
      installer,
    );
    expect(res.json()).toMatchObject({ status: 4003 });
  });
});
