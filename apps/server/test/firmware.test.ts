// The firmware library (Step 5d, docs/firmware.md) through the API: an upload is signed (by the platform, or
// kept with a trusted vendor's signature) so that the published public key verifies it over the file's
// SHA-256; every bad upload answers its rule and stores nothing; delete and the permissions; a logger's
// download link serves the image only while its command is open and before it expires.
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { FirmwarePublicKeyView, FirmwareView } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { CommandsService } from '../src/modules/commands/commands.service.js';
import { FirmwareService } from '../src/modules/firmware/firmware.service.js';
import { bearer, createTestApp, DATABASES, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { formData } from './support/form-data.js';
import { twoTenants, type TwoTenants } from './telemetry-api-support.js';

const platform = generateKeyPairSync('ed25519');
const vendor = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const pem = (
  key: { export: (o: { format: 'pem'; type: 'pkcs8' | 'spki' }) => string | Buffer },
  type: 'pkcs8' | 'spki',
) => key.export({ format: 'pem', type }).toString();

const env = {
  FIRMWARE_SIGNING_KEY: pem(platform.privateKey, 'pkcs8'),
  FIRMWARE_VENDOR_KEYS: pem(vendor.publicKey, 'spki'),
  FIRMWARE_MAX_BYTES: '4096',
};

const image = (text: string): Buffer => Buffer.from(`SUNFLEET-IMAGE\0${text}`);
const digestOf = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest();

interface Answer<T> {
  status: number;
  enMsg: string;
  data: T;
}

async function upload<T = FirmwareView>(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; field?: string },
): Promise<Answer<T>> {
  const body = await formData(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/firmware',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return res.json<Answer<T>>();
}

const logger = (version: string) => ({ deviceType: 'GATEWAY', model: 'SF-LOGGER-4G', version });

describe.each(DATABASES)('firmware images on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env });
    token = await t.login();
  });
  afterAll(() => t.close());

  it('stores an image signed by the platform key that the published key verifies, and serves it back', async () => {
    const bytes = image(`round trip on ${kind}`);
    const answer = await upload(t, token, logger('V2.0.1'), { name: 'logger-2.0.1.bin', bytes });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      deviceType: 'GATEWAY',
      model: 'SF-LOGGER-4G',
      version: 'V2.0.1',
      fileName: 'logger-2.0.1.bin',
      size: bytes.length,
      sha256: digestOf(bytes).toString('hex'),
      signedBy: 'PLATFORM',
      createdBy: 'admin',
    });
    const key = (await as(t, token).get<FirmwarePublicKeyView>('/firmware/publicKey')).data;
    expect(key.pem).toBe(pem(platform.publicKey, 'spki'));
    expect(answer.data.keyFingerprint).toBe(key.fingerprint);
    const signature = Buffer.from(answer.data.signature, 'base64');
    expect(verify(null, digestOf(bytes), createPublicKey(key.pem), signature)).toBe(true);

    const commands = new CommandsService({ db: t.database.db, clock: t.clock });
    const w = await twoTenants(t, `FW${kind === 'pglite' ? 'L' : 'P'}`);
    const { command } = await commands.enqueue({
      gatewayId: w.loggerA.id,
      name: 'firmware.upgrade',
      params: {},
      ttlSeconds: 600,
      idempotencyKey: 'fw-roundtrip',
      userId: null,
    });
    const service = new FirmwareService({
      db: t.database.db,
      clock: t.clock,
      keyring: () => {
        throw new Error('not needed for links');
      },
      settings: t.config.firmware,
      publicUrl: 'http://cloud.example/',
    });
    const url = await service.issueDownload(
      answer.data.id,
      command.id,
      new Date(t.clock.now().getTime() + 600_000),
    );
    expect(url).toMatch(/^http:\/\/cloud\.example\/api\/firmware\/download\/[A-Za-z0-9_-]{43}$/);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-sha256']).toBe(answer.data.sha256);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});

describe.each(oneDatabase())('the firmware library on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let installer: string;
  let w: TwoTenants;
  let service: FirmwareService;
  let commands: CommandsService;

  const stored = async () => [await countRows(t, 'firmware_images'), await countRows(t, 'audit_log')];
  const refused = async (
    fields: Record<string, string>,
    file: { name: string; bytes: Buffer; field?: string } | undefined,
    field: string,
    rule: string,
  ) => {
    const before = await countRows(t, 'firmware_images');
    const answer = await upload<{ field: string; rule: string }[]>(t, admin, fields, file);
    expect(answer.status, JSON.stringify(answer)).toBe(4000);
    expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    expect(await countRows(t, 'firmware_images')).toBe(before);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env });
    admin = await t.login();
    w = await twoTenants(t, 'FWLIB');
    await setPasswords(t, ['demo.installer1']);
    installer = await t.login('demo.installer1', DEMO_PASSWORD);
    commands = new CommandsService({ db: t.database.db, clock: t.clock });
    service = new FirmwareService({
      db: t.database.db,
      clock: t.clock,
      keyring: () => {
        throw new Error('not needed for links');
      },
      settings: t.config.firmware,
      publicUrl: 'http://localhost:8080',
    });
  });
  afterAll(() => t.close());

  it('lists images newest first, by model (also compatible ones), device type and text; audits the upload', async () => {
    const a = await upload(
      t,
      admin,
      { ...logger('1.1'), notes: 'First' },
      { name: 'a.bin', bytes: image('a') },
    );
    t.clock.advance(60);
    const b = await upload(
      t,
      admin,
      {
        deviceType: 'INVERTER',
        model: 'SF-INV-3P-10K',
        version: 'V3.2.0',
        compatibleModels: 'SF-INV-3P-50K, SF-INV-3P-10K ,SF-INV-3P-50K',
        minVersion: 'V3.0',
      },
      { name: 'C:\\fakepath\\inv.MBT', bytes: image('b') },
    );
    expect(b.status).toBe(200);
    expect(b.data).toMatchObject({
      fileName: 'inv.MBT',
      compatibleModels: ['SF-INV-3P-50K'],
      minVersion: 'V3.0',
      notes: '',
    });
    const client = as(t, admin);
    const all = await client.get<{ total: number; list: FirmwareView[] }>('/firmware/page?pageSize=100');
    const ids = all.data.list.map((f) => f.id);
    expect(ids.indexOf(b.data.id)).toBeLessThan(ids.indexOf(a.data.id));
    const byModel = await client.get<{ list: FirmwareView[] }>('/firmware/page?model=SF-INV-3P-50K');
    expect(byModel.data.list.map((f) => f.id)).toEqual([b.data.id]);
    const byType = await client.get<{ list: FirmwareView[] }>('/firmware/page?deviceType=GATEWAY&q=a.b');
    expect(byType.data.list.map((f) => f.id)).toEqual([a.data.id]);
    expect((await client.get('/firmware/page?deviceType=ROUTER')).status).toBe(4000);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'firmware.upload'), eq(auditLog.targetId, a.data.id)));
    expect(audit?.detail).toMatchObject({ model: 'SF-LOGGER-4G', version: '1.1', signedBy: 'PLATFORM' });
  });

  it('keeps a trusted vendor’s signature; refuses one of another key, one over another file, and garbage', async () => {
    const bytes = image('vendor');
    const signature = sign(null, digestOf(bytes), vendor.privateKey).toString('base64');
    const ok = await upload(t, admin, { ...logger('4.0'), signature }, { name: 'v.bin', bytes });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ signedBy: 'VENDOR', signature });
    const key = (await as(t, admin).get<FirmwarePublicKeyView>('/firmware/publicKey')).data;
    expect(key.vendorKeys.map((k) => k.fingerprint)).toEqual([ok.data.keyFingerprint]);
    expect(key).toMatchObject({ vendorSignatureRequired: false, maxBytes: 4096 });

    const foreign = sign(null, digestOf(bytes), stranger.privateKey).toString('base64');
    await refused(
      { ...logger('4.1'), signature: foreign },
      { name: 'v.bin', bytes },
      'body.signature',
      'firmware.signatureInvalid',
    );
    const otherFile = sign(null, digestOf(image('other')), vendor.privateKey).toString('base64');
    await refused(
      { ...logger('4.1'), signature: otherFile },
      { name: 'v.bin', bytes },
      'body.signature',
      'firmware.signatureInvalid',
    );
    await refused(
      { ...logger('4.1'), signature: 'not*base64' },
      { name: 'v.bin', bytes },
      'body.signature',
      'firmware.signatureInvalid',
    );
  });

  it('answers each bad upload with its rule and stores nothing', async () => {
    const bytes = image('bad');
    await refused(logger('5.0'), { name: 'tool.exe', bytes }, 'body.file', 'rule.firmwareFileType');
    await refused(logger('5.0'), { name: 'noext', bytes }, 'body.file', 'rule.firmwareFileType');
    await refused(
      logger('5.0'),
      { name: 'empty.bin', bytes: Buffer.alloc(0) },
      'body.file',
      'firmware.emptyFile',
    );
    await refused(
      logger('5.0'),
      { name: 'big.bin', bytes: Buffer.alloc(4097, 1) },
      'body.file',
      'firmware.fileTooLarge',
    );
    await refused(logger('5.0'), undefined, 'body.file', 'security.fileRequired');
    await refused(logger('5.0'), { name: 'x.bin', bytes, field: 'image' }, 'body.image', 'rule.unknownField');
    for (const version of ['V1.', '1', 'version1.2', '1.2.3.4.5'])
      await refused(logger(version), { name: 'x.bin', bytes }, 'body.version', 'rule.versionFormat');
    await refused(
      { ...logger('5.0'), minVersion: '5.x' },
      { name: 'x.bin', bytes },
      'body.minVersion',
      'rule.versionFormat',
    );
    await refused(
      { ...logger('5.0'), minVersion: 'V5.0.1' },
      { name: 'x.bin', bytes },
      'body.minVersion',
      'firmware.minVersionAboveVersion',
    );
    await refused(
      { ...logger('5.0'), model: 'SF-INV-1P-5K' },
      { name: 'x.bin', bytes },
      'body.model',
      'firmware.unknownModel',
    );
    await refused(
      { ...logger('5.0'), compatibleModels: 'SF-NOPE' },
      { name: 'x.bin', bytes },
      'body.compatibleModels',
      'firmware.unknownModel',
    );
    await refused(
      { ...logger('5.0'), deviceType: 'ROUTER' },
      { name: 'x.bin', bytes },
      'body.deviceType',
      'rule.enum',
    );
    await refused(
      { ...logger('5.0'), colour: 'red' },
      { name: 'x.bin', bytes },
      'body.colour',
      'rule.unknownField',
    );
    // A field named __proto__ is a field like any other, not the prototype of the parsed fields.
    await refused(
      { ...logger('5.0'), ['__proto__']: 'x' },
      { name: 'x.bin', bytes },
      'body.__proto__',
      'rule.unknownField',
    );
    await refused(
      { deviceType: 'GATEWAY', version: '5.0' },
      { name: 'x.bin', bytes },
      'body.model',
      'rule.required',
    );
    await refused(
      { ...logger('5.0'), notes: 'n'.repeat(2_001) },
      { name: 'x.bin', bytes },
      'body.notes',
      'rule.tooLong',
    );

    expect((await upload(t, admin, logger('5.0'), { name: 'x.bin', bytes })).status).toBe(200);
    await refused(
      logger('5.0'),
      { name: 'again.bin', bytes: image('again') },
      'body.version',
      'firmware.versionExists',
    );

    const before = await stored();
    const json = await as(t, admin).post('/firmware', { ...logger('5.1') });
    expect(json).toMatchObject({ status: 4000, enMsg: 'security.fileRequired' });
    expect((await stored())[0]).toBe(before[0]);
  });

  it('needs firmware:create to upload and firmware:delete to delete; deleting ends the image', async () => {
    const bytes = image('delete me');
    const refusedUpload = await upload(t, installer, logger('6.0'), { name: 'x.bin', bytes });
    expect(refusedUpload.status).toBe(4003);
    expect((await as(t, installer).get('/firmware/page')).status).toBe(200);
    const made = await upload(t, admin, logger('6.0'), { name: 'x.bin', bytes });
    expect((await as(t, installer).del(`/firmware/${made.data.id}`)).status).toBe(4003);
    const gone = await as(t, admin).del<FirmwareView>(`/firmware/${made.data.id}`);
    expect(gone).toMatchObject({ status: 200, data: { id: made.data.id, version: '6.0' } });
    expect((await as(t, admin).del(`/firmware/${made.data.id}`)).status).toBe(4004);
    expect((await as(t, admin).del('/firmware/not-a-uuid')).status).toBe(4000);
    const page = await as(t, admin).get<{ list: FirmwareView[] }>('/firmware/page?q=6.0');
    expect(page.data.list).toEqual([]);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'firmware.delete'), eq(auditLog.targetId, made.data.id)))
      .orderBy(auditLog.id);
    // The refused attempt is audited too.
    expect(trail.map((r) => [r.username, r.status])).toEqual([
      ['demo.installer1', 4003],
      ['admin', 200],
      ['admin', 4004],
    ]);
  });

  it('serves a download link only while its command is open and before it expires', async () => {
    const made = await upload(t, admin, logger('7.0'), { name: 'x.bin', bytes: image('links') });
    const open = async (key: string) =>
      (
        await commands.enqueue({
          gatewayId: w.loggerA.id,
          name: 'firmware.upgrade',
          params: {},
          ttlSeconds: 600,
          idempotencyKey: key,
          userId: null,
        })
      ).command.id;
    const get = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const later = (s: number) => new Date(t.clock.now().getTime() + s * 1000);

    const done = await open('fw-done');
    const doneUrl = await service.issueDownload(made.data.id, done, later(600));
    expect((await get(doneUrl)).statusCode).toBe(200);
    expect((await get(doneUrl)).statusCode).toBe(200);
    await commands.applyResult(w.loggerA.id, { v: 1, id: done, state: 'DONE', result: { version: '7.0' } });
    const after = await get(doneUrl);
    expect(after.json()).toMatchObject({ status: 4004, enMsg: 'firmware.downloadGone' });

    const expiring = await open('fw-expiring');
    const shortUrl = await service.issueDownload(made.data.id, expiring, later(30));
    t.clock.advance(31);
    expect((await get(shortUrl)).json()).toMatchObject({ status: 4004, enMsg: 'firmware.downloadGone' });

    const noCommand = await service.issueDownload(made.data.id, crypto.randomUUID(), later(600));
    expect((await get(noCommand)).json()).toMatchObject({ status: 4004 });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/firmware/download/${'A'.repeat(43)}` });
    expect(unknown.json()).toMatchObject({ status: 4004, enMsg: 'firmware.downloadGone' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/firmware/download/short' });
    expect(malformed.json()).toMatchObject({ status: 4000 });
  });
});

describe.each(oneDatabase())('vendor-signed images only on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ...env, FIRMWARE_REQUIRE_VENDOR_SIGNATURE: 'true' } });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('refuses an image without a vendor signature and keeps a signed one', async () => {
    const bytes = image('vendor only');
    const unsigned = await upload<{ field: string; rule: string }[]>(t, admin, logger('1.0'), {
      name: 'x.bin',
      bytes,
    });
    expect(unsigned.data).toEqual([
      expect.objectContaining({ field: 'body.signature', rule: 'firmware.signatureRequired' }),
    ]);
    const signature = sign(null, digestOf(bytes), vendor.privateKey).toString('base64');
    const signed = await upload(t, admin, { ...logger('1.0'), signature }, { name: 'x.bin', bytes });
    expect(signed.data).toMatchObject({ signedBy: 'VENDOR' });
    expect(
      (await as(t, admin).get<FirmwarePublicKeyView>('/firmware/publicKey')).data.vendorSignatureRequired,
    ).toBe(true);
  });
});
