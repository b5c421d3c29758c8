import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { call, count, DEMO_PASSWORD, setPassword } from './security-support.js';

const png = (width = 800, height = 600): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#e8a317' } })
    .withExif({ IFD0: { Copyright: 'secret-location-52.5N' } })
    .png()
    .toBuffer();
const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 300, height: 900, channels: 3, background: '#1890ff' } })
    .withExif({ IFD0: { Artist: 'secret-artist' } })
    .jpeg()
    .toBuffer();
const gif = (): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();

function multipart(
  filename: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sunfleet${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(oneDatabase())('image uploads and file serving on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let installer: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ['demo.owner1', 'demo.installer1', 'demo.distributor']) await setPassword(t, name);
    owner = await t.login('demo.owner1', DEMO_PASSWORD);
    installer = await t.login('demo.installer1', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const upload = async (url: string, token: string, filename: string, content: Buffer, field?: string) => {
    const body = multipart(filename, content, field);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    return res.json<{ status: number; enMsg: string; data: Record<string, string> & { field?: string }[] }>();
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores an avatar re-encoded, without metadata, within 512 px, and serves it safely to anyone', async () => {
    const answer = await upload('/api/user/avatar', owner, 'me.PNG', await png());
    expect(answer.status).toBe(200);
    const url = answer.data.avatarUrl as string;
    expect(url).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
    const id = url.split('/').pop();
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${id}.png"`,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.toString('latin1')).not.toContain('secret-location');
    expect((await call(t, 'GET', '/api/user/profile', { token: owner })).data).toMatchObject({
      avatarUrl: url,
    });
    expect((await call(t, 'GET', '/api/info', { token: owner })).data).toMatchObject({
      avatarUrl: { thumbPath: url },
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'profile.avatar'));
    expect(audit).toMatchObject({ status: 200 });
  });

  it('keeps JPEG as JPEG, and replacing an avatar removes the old file', async () => {
    const first = (await upload('/api/user/avatar', owner, 'photo.jpeg', await jpeg())).data
      .avatarUrl as string;
    const res = await fetchFile(first);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/\.jpg"$/);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 171, height: 512 });
    expect(res.rawPayload.toString('latin1')).not.toContain('secret-artist');
    const second = (await upload('/api/user/avatar', owner, 'photo.jpg', await png(100, 100))).data
      .avatarUrl as string;
    expect((await fetchFile(first)).json()).toMatchObject({ status: 4004 });
    // A .jpg name with PNG content is a PNG: stored and served as what it is.
    expect((await fetchFile(second)).headers['content-type']).toBe('image/png');
  });

  it('re-encodes a PNG with an HTML payload appended, so the payload is not served', async () => {
    const polyglot = Buffer.concat([
      await png(64, 64),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const answer = await upload('/api/user/avatar', owner, 'poly.png', polyglot);
    expect(answer.status).toBe(200);
    const res = await fetchFile(answer.data.avatarUrl as string);
    expect(res.rawPayload.toString('latin1')).not.toContain('<script>');
  });

  it.each([
    ['a .png name with GIF content', 'cat.png', gif, 'security.imageContentInvalid'],
    [
      'a .png name with HTML content',
      'page.png',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      'security.imageContentInvalid',
    ],
    [
      'a .jpg name with an SVG',
      'vector.jpg',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'security.imageContentInvalid',
    ],
    [
      'a truncated PNG',
      'broken.png',
      async () => (await png()).subarray(0, 200),
      'security.imageContentInvalid',
    ],
    [
      'a PNG of 48 megapixels (a decompression bomb)',
      'bomb.png',
      () => png(8000, 6000),
      'security.imageContentInvalid',
    ],
    ['a PNG named .gif', 'real.gif', () => png(), 'rule.imageFileType'],
    ['a PNG named .html', 'real.html', () => png(), 'rule.imageFileType'],
    ['a PNG without extension', 'real', () => png(), 'rule.imageFileType'],
    [
      'a file over 2 MB',
      'huge.png',
      async () => Buffer.concat([await png(), randomBytes(2 * 1024 * 1024)]),
      'security.fileTooLarge',
    ],
  ])('refuses %s with 4000 and stores nothing', async (_what, filename, content, enMsg) => {
    const before = await count(t, files);
    const answer = await upload('/api/user/avatar', owner, filename, await content());
    expect(answer).toMatchObject({ status: 4000, enMsg, data: [{ field: 'body.file', rule: enMsg }] });
    expect(await count(t, files)).toBe(before);
  });

  it('refuses a request without a file part named `file`', async () => {
    expect(await upload('/api/user/avatar', owner, 'me.png', await png(), 'avatar')).toMatchObject({
      status: 4000,
      enMsg: 'security.fileRequired',
    });
    const json = await call(t, 'POST', '/api/user/avatar', { token: owner, payload: { file: 'x' } });
    expect(json).toMatchObject({ status: 4000, enMsg: 'security.fileRequired' });
  });

  it('lets a company manager set the logo of a company in scope only; others answer 4004 like a missing one', async () => {
    const logo = await png(1024, 256);
    const own = await upload('/api/company/3/logo', installer, 'logo.png', logo);
    expect(own.status).toBe(200);
    expect(own.data.logoUrl).toMatch(/^\/api\/file\//);
    expect((await call(t, 'GET', '/api/info', { token: installer })).data).toMatchObject({
      brandUrl: { thumbPath: own.data.logoUrl },
    });
    const before = await count(t, files);
    for (const id of [4, 2, 1, 999_999]) {
      expect(await upload(`/api/company/${id}/logo`, installer, 'logo.png', logo)).toMatchObject({
        status: 4004,
        enMsg: 'TheDataDoesNotExist',
      });
    }
    expect(await upload('/api/company/3/logo', owner, 'logo.png', logo)).toMatchObject({ status: 4003 });
    expect(await count(t, files)).toBe(before);
    const distributor = await t.login('demo.distributor', DEMO_PASSWORD);
    expect((await upload('/api/company/4/logo', distributor, 'logo.png', logo)).status).toBe(200);
    expect((await upload('/api/company/1/logo', await t.login(), 'logo.png', logo)).status).toBe(200);
    expect((await upload('/api/company/abc/logo', distributor, 'logo.png', logo)).status).toBe(4000);
  });

  it('keeps the guest from uploading', async () => {
    const guest = (await call<{ token: string }>(t, 'POST', '/api/login/guest')).data.token;
    expect(await upload('/api/user/avatar', guest, 'me.png', await png())).toMatchObject({
      status: 4003,
      enMsg: 'GuestReadOnly',
    });
  });

  it('answers 4004 for an unknown file id and 4000 for a malformed one', async () => {
    expect((await fetchFile(`/api/file/${randomUUID()}`)).json()).toMatchObject({ status: 4004 });
    expect((await fetchFile('/api/file/..%2F..%2Fetc%2Fpasswd')).json()).toMatchObject({ status: 4000 });
  });
});
