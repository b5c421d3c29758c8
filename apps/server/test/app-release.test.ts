// App release (Step 5e, docs/app-release.md) through the API: version rules per platform, an Android
// package checked by content or an https store link, publish/unpublish/delete audited, the public current
// releases and package download, and /api/config appDownload (the login page's QR code) following them.
import { randomBytes } from 'node:crypto';
import type { AppReleaseCurrentData, AppReleaseView, ConfigData } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { formData } from './support/form-data.js';
import { androidPackage, zipArchive } from './support/zip-archive.js';

const FALLBACK = 'https://get.sunfleet.example/app';
const PUBLIC_URL = 'https://cloud.sunfleet.example';

interface Answer<T> {
  status: number;
  enMsg: string;
  data: T;
}

describe.each(oneDatabase())('app releases on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { APP_RELEASE_MAX_BYTES: '4096', APP_DOWNLOAD_URL: FALLBACK, PUBLIC_URL },
    });
    admin = await t.login();
    await setPasswords(t, ['demo.installer1']);
    manager = await t.login('demo.installer1', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  async function create(
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
    token = admin,
  ): Promise<Answer<AppReleaseView>> {
    const body = await formData(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appRelease',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    return res.json<Answer<AppReleaseView>>();
  }
  const appDownload = async (): Promise<ConfigData['appDownload']> =>
    (await as(t, null).get<ConfigData>('/config')).data.appDownload;
  const current = async (): Promise<AppReleaseCurrentData> =>
    (await as(t, null).get<AppReleaseCurrentData>('/appRelease/current')).data;

  it('falls back to APP_DOWNLOAD_URL while no release is published', async () => {
    expect(await appDownload()).toEqual({ url: FALLBACK, android: FALLBACK, ios: FALLBACK });
    expect(await current()).toEqual({ android: null, ios: null });
  });

  it('publishes an Android package: the public current release, its download and the QR code follow it', async () => {
    const bytes = androidPackage('v2.1.0');
    const draft = await create(
      { platform: 'ANDROID', version: '2.1.0', notes: 'Faster charts' },
      { name: 'sunfleet-2.1.0.apk', bytes },
    );
    expect(draft.status).toBe(200);
    expect(draft.data).toMatchObject({
      source: 'FILE',
      published: false,
      current: false,
      downloadUrl: null,
      size: bytes.length,
    });
    expect(await appDownload()).toEqual({ url: FALLBACK, android: FALLBACK, ios: FALLBACK });
    const unpublishedDownload = await t.app.inject({
      method: 'GET',
      url: `/api/appRelease/download/${draft.data.id}`,
    });
    expect(unpublishedDownload.json<Answer<null>>().status).toBe(4004);

    const published = await as(t, admin).post<AppReleaseView>(`/appRelease/${draft.data.id}/publish`);
    expect(published.data).toMatchObject({ published: true, current: true });
    const url = `${PUBLIC_URL}/api/appRelease/download/${draft.data.id}`;
    expect(published.data.downloadUrl).toBe(url);
    expect(await appDownload()).toEqual({ url, android: url, ios: FALLBACK });
    expect((await current()).android).toMatchObject({
      version: '2.1.0',
      source: 'FILE',
      downloadUrl: url,
      notes: 'Faster charts',
    });

    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sunfleet-2\.1\.0\.apk"/);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appRelease.publish'), eq(auditLog.targetId, draft.data.id)));
    expect(audit.map((a) => a.status)).toEqual([200]);
  });

  it('keeps versions rising per platform and refuses bad releases whole', async () => {
    const before = await countRows(t, 'app_releases');
    const apk = { name: 'app.apk', bytes: androidPackage() };
    const cases: [string, Record<string, string>, { name: string; bytes: Buffer } | undefined, string][] = [
      ['an older version', { platform: 'ANDROID', version: '2.0.9' }, apk, 'appRelease.versionNotNewer'],
      ['the same version', { platform: 'ANDROID', version: 'V2.1' }, apk, 'appRelease.versionExists'],
      ['a bad version', { platform: 'ANDROID', version: 'two' }, apk, 'rule.versionFormat'],
      [
        'an http store link',
        { platform: 'IOS', version: '1.0.0', storeUrl: 'http://apps.apple.com/app/id1' },
        undefined,
        'appRelease.storeUrlHttps',
      ],
      [
        'a javascript store link',
        { platform: 'IOS', version: '1.0.0', storeUrl: 'javascript:alert(1)' },
        undefined,
        'appRelease.storeUrlHttps',
      ],
      [
        'neither file nor link',
        { platform: 'ANDROID', version: '3.0.0' },
        undefined,
        'appRelease.fileOrStoreLink',
      ],
      [
        'both file and link',
        { platform: 'ANDROID', version: '3.0.0', storeUrl: 'https://play.google.com/x' },
        apk,
        'appRelease.fileOrStoreLink',
      ],
      ['a file for iOS', { platform: 'IOS', version: '1.0.0' }, apk, 'appRelease.iosStoreOnly'],
      [
        'not an .apk name',
        { platform: 'ANDROID', version: '3.0.0' },
        { name: 'app.zip', bytes: androidPackage() },
        'appRelease.fileType',
      ],
      [
        'a ZIP without a manifest',
        { platform: 'ANDROID', version: '3.0.0' },
        { name: 'app.apk', bytes: zipArchive({ 'a.txt': 'x' }) },
        'appRelease.notAnApk',
      ],
      [
        'HTML named .apk',
        { platform: 'ANDROID', version: '3.0.0' },
        { name: 'app.apk', bytes: Buffer.from('<html></html>') },
        'appRelease.notAnApk',
      ],
      [
        'an oversized package',
        { platform: 'ANDROID', version: '3.0.0' },
        { name: 'app.apk', bytes: androidPackage(randomBytes(5000).toString('base64')) },
        'appRelease.fileTooLarge',
      ],
    ];
    for (const [label, fields, file, rule] of cases) {
      const answer = await create(fields, file);
      expect(answer.status, label).toBe(4000);
      expect(answer.enMsg, label).toBe(rule);
    }
    expect(await countRows(t, 'app_releases')).toBe(before);
    expect(
      (
        await create(
          { platform: 'IOS', version: '1.0.0', storeUrl: 'https://apps.apple.com/app/id1' },
          undefined,
          manager,
        )
      ).status,
    ).toBe(4003);
  });

  it('a published store link becomes current; unpublishing or deleting the current falls back', async () => {
    const store = 'https://apps.apple.com/app/sunfleet/id123456';
    const ios = await create({ platform: 'IOS', version: '1.4.0', storeUrl: store, publish: 'true' });
    expect(ios.data).toMatchObject({ source: 'STORE', published: true, current: true, downloadUrl: store });
    expect((await appDownload()).ios).toBe(store);

    const newer = await create({
      platform: 'IOS',
      version: '1.5.0',
      storeUrl: `${store}?v=15`,
      publish: 'true',
    });
    expect((await current()).ios?.version).toBe('1.5.0');
    const page = await as(t, manager).get<{ list: AppReleaseView[] }>('/appRelease/page?platform=IOS');
    expect(page.status).toBe(4003);
    const list = await as(t, admin).get<{ list: AppReleaseView[] }>('/appRelease/page?platform=IOS');
    expect(list.data.list.map((r) => [r.version, r.current])).toEqual([
      ['1.5.0', true],
      ['1.4.0', false],
    ]);

    await as(t, admin).post(`/appRelease/${newer.data.id}/unpublish`);
    expect((await appDownload()).ios).toBe(store);
    const deleted = await as(t, admin).del<AppReleaseView>(`/appRelease/${ios.data.id}`);
    expect(deleted.data.current).toBe(true);
    expect((await appDownload()).ios).toBe(FALLBACK);
    expect((await current()).ios).toBeNull();
    expect((await as(t, admin).del(`/appRelease/${ios.data.id}`)).status).toBe(4004);
    expect((await as(t, admin).post(`/appRelease/${crypto.randomUUID()}/publish`)).status).toBe(4004);
  });
});
