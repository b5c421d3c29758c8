// Station writes: create, update, rename, assign, delete, follow and photos — happy paths, tenancy (a
// foreign id answers like a missing one) and bad input (a clear enMsg and nothing stored).
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.js';
import { gateways, stationFollows, stations } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, setPasswords, tenantDigest, userIdOf } from './organisation-fixtures.js';
import { worker, writeBatch } from './rollups-support.js';
import { twoTenants, withoutRequestId, type Client, type TwoTenants } from './telemetry-api-support.js';
import { grantStationWrites } from './stations-support.js';

const base = {
  name: 'Sunny Roof',
  type: 'HOUSEHOLD_PV',
  capacityKwp: 9.9,
  price: 0.31,
  currency: 'EUR',
  timeZone: 'Europe/Rome',
};

function multipart(filename: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sunfleet${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Detail {
  id: number;
  name: string;
  companyId: number;
  ownerUserId: number | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  installedAt: string | null;
  gridType: string | null;
  timeZone: string;
  currency: string;
  concern: boolean;
  pictures: { fileId: string; url: string }[];
}

describe.each(oneDatabase())('station writes on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  let distributor: Client;
  let guest: Client;
  let owner1Id: number;
  let owner3Id: number;

  const token = async (username: string): Promise<string> => t.login(username, 'Demo#Pass-2026');

  async function photo(tok: string, filename: string, content: Buffer) {
    const body = multipart(filename, content);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/station/photo',
      headers: { ...bearer(tok), ...body.headers },
      payload: body.payload,
    });
    return res.json<{ status: number; enMsg: string; data: { fileId: string; url: string } }>();
  }

  /** A refused write: the status and enMsg expected, and no table changed. */
  async function refused(
    attempt: () => Promise<{ status: number; enMsg: string }>,
    status: number,
    enMsg?: string,
  ): Promise<void> {
    const before = await tenantDigest(t);
    const res = await attempt();
    expect(res.status).toBe(status);
    if (enMsg !== undefined) expect(res.enMsg).toBe(enMsg);
    expect(await tenantDigest(t)).toEqual(before);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    await grantStationWrites(db);
    w = await twoTenants(t, `sw-${kind}`);
    await setPasswords(t, ['demo.distributor']);
    distributor = as(t, await token('demo.distributor'));
    const guestLogin = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    guest = as(t, guestLogin.json<{ data: { token: string } }>().data.token);
    owner1Id = await userIdOf(t, 'demo.owner1');
    owner3Id = await userIdOf(t, 'demo.owner3');
  }, 120_000);
  afterAll(() => t.close());

  it('creates a station in the caller’s company with pictures, an owner and local install date', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#e8a317' } })
      .png()
      .toBuffer();
    const installerToken = await token('demo.installer1');
    const uploaded = await photo(installerToken, 'roof.png', png);
    expect(uploaded.status).toBe(200);
    expect(uploaded.data.url).toBe(`/api/file/${uploaded.data.fileId}`);
    const file = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1600);

    const created = await w.installer1.post<{ id: number }>('/station', {
      ...base,
      name: '  Sunny Roof  ',
      address: 'Via Roma 1, Milano',
      longitude: 9.19,
      latitude: 45.46,
      installedAt: '2026-03-01',
      gridType: 'SELF_CONSUMPTION',
      currency: 'eur',
      pictures: [uploaded.data.fileId],
      ownerUserId: owner1Id,
    });
    expect(created.status).toBe(200);
    const detail = await w.owner1.get<Detail>(`/station/${created.data.id}`);
    expect(detail.data).toMatchObject({
      name: 'Sunny Roof',
      companyId: 3,
      ownerUserId: owner1Id,
      address: 'Via Roma 1, Milano',
      longitude: 9.19,
      latitude: 45.46,
      installedAt: '2026-02-28T23:00:00.000Z',
      gridType: 'SELF_CONSUMPTION',
      timeZone: 'Europe/Rome',
      currency: 'EUR',
      pictures: [{ fileId: uploaded.data.fileId, url: uploaded.data.url }],
    });
    const audit = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where action = 'station.create' and target_id = ${String(created.data.id)}`,
    );
    expect(audit[0]?.n).toBe(1);
    // An update that leaves the picture out drops its file.
    const dropped = await w.installer1.put('/station', { ...base, id: created.data.id, pictures: [] });
    expect(dropped.status).toBe(200);
    expect((await w.installer1.get<Detail>(`/station/${created.data.id}`)).data.pictures).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(gone.json<{ status: number }>().status).toBe(4004);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const post = (body: Record<string, unknown>) => () => w.installer1.post('/station', body);
    await refused(post({ ...base, longitude: 9 }), 4000, 'station.coordinatesPair');
    await refused(post({ ...base, timeZone: 'Mars/Olympus_Mons' }), 4000, 'station.timeZoneUnknown');
    await refused(post({ ...base, currency: 'XYZ' }), 4000, 'station.currencyUnknown');
    await refused(post({ ...base, name: '   ' }), 4000, 'station.nameInvalid');
    await refused(post({ ...base, installedAt: '2026-02-30' }), 4000, 'station.installedAtInvalid');
    await refused(post({ ...base, installedAt: 'yesterday' }), 4000, 'station.installedAtInvalid');
    await refused(post({ ...base, pictures: [randomUUID()] }), 4000, 'station.pictureInvalid');
    const staff = await userIdOf(t, 'demo.installer1');
    await refused(post({ ...base, ownerUserId: staff }), 4000, 'station.ownerInvalid');
    await refused(post({ ...base, capacityKwp: 0 }), 4000);
    await refused(post({ ...base, capacityKwp: 10_000_001 }), 4000);
    await refused(post({ ...base, latitude: 91, longitude: 0 }), 4000);
    await refused(post({ ...base, price: -1 }), 4000);
    await refused(post({ ...base, type: 'CASTLE' }), 4000);
    await refused(post({ ...base, name: 'x'.repeat(65) }), 4000);
    await refused(post({ ...base, pictures: Array.from({ length: 7 }, () => randomUUID()) }), 4000);
    // Someone else's picture cannot be attached.
    const other = await photo(
      await token('demo.installer2'),
      'b.png',
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(other.status).toBe(200);
    await refused(post({ ...base, pictures: [other.data.fileId] }), 4000, 'station.pictureInvalid');
  });

  it('answers foreign companies, owners and stations like missing ones', async () => {
    await refused(() => w.installer1.post('/station', { ...base, companyId: 4 }), 4004);
    await refused(() => w.installer1.post('/station', { ...base, ownerUserId: owner3Id }), 4004);
    await refused(() => w.installer1.post('/station', { ...base, ownerUserId: 999_999 }), 4004);
    const foreign = await w.installer1.put('/station', { ...base, id: w.stationB });
    const missing = await w.installer1.put('/station', { ...base, id: 999_999 });
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    await refused(() => w.installer1.put('/station/name', { id: w.stationB, name: 'Mine now' }), 4004);
    await refused(() => w.installer1.del(`/station/${w.stationB}`), 4004);
    await refused(() => w.installer1.post(`/station/${w.stationB}/concern`), 4004);
    // Owners may update their own stations (seeded station:update); another's answers like a missing one.
    await refused(() => w.owner2.put('/station', { ...base, id: w.stationA }), 4004);
    await refused(() => guest.post('/station', base), 4003);
    await refused(() => guest.post(`/station/${w.stationA}/concern`), 4003);
  });

  it('updates, renames and keeps what an update leaves out', async () => {
    const created = await w.installer1.post<{ id: number }>('/station', {
      ...base,
      name: 'Before',
      ownerUserId: owner1Id,
    });
    const id = created.data.id;
    const put = await w.installer1.put('/station', {
      ...base,
      id,
      name: 'After',
      type: 'HOUSEHOLD_PV_STORAGE',
      capacityKwp: 12,
      timeZone: 'asia/shanghai',
      currency: 'CNY',
    });
    expect(put.status).toBe(200);
    const detail = await w.installer1.get<Detail & { type: string; capacityKwp: number }>(`/station/${id}`);
    expect(detail.data).toMatchObject({
      name: 'After',
      type: 'HOUSEHOLD_PV_STORAGE',
      capacityKwp: 12,
      timeZone: 'Asia/Shanghai',
      currency: 'CNY',
      ownerUserId: owner1Id,
      companyId: 3,
    });
    await refused(
      () => w.installer1.put('/station', { ...base, id, longitude: null, latitude: 10 }),
      4000,
      'station.coordinatesPair',
    );
    const renamed = await w.installer1.put('/station/name', { id, name: ' Renamed ' });
    expect([renamed.status, renamed.enMsg]).toEqual([200, 'RenameSucceeded']);
    expect((await w.installer1.get<Detail>(`/station/${id}`)).data.name).toBe('Renamed');
    await refused(() => w.installer1.put('/station/name', { id, name: '  ' }), 4000, 'station.nameInvalid');
    const cleared = await w.installer1.put('/station', { ...base, id, ownerUserId: null });
    expect(cleared.status).toBe(200);
    expect((await w.installer1.get<Detail>(`/station/${id}`)).data.ownerUserId).toBeNull();
  });

  it('assigns stations to a company and an owner, all in reach or nothing changes', async () => {
    const a = await w.installer1.post<{ id: number }>('/station', { ...base, name: 'Assign A' });
    const b = await w.installer1.post<{ id: number }>('/station', { ...base, name: 'Assign B' });
    const ids = [a.data.id, b.data.id];
    await refused(
      () => w.installer1.post('/station/assign', { stationIds: [...ids, w.stationB], ownerUserId: owner1Id }),
      4004,
    );
    await refused(() => w.installer1.post('/station/assign', { stationIds: ids, companyId: 4 }), 4004);
    await refused(
      () => w.installer1.post('/station/assign', { stationIds: ids }),
      4000,
      'station.assignNothing',
    );
    await refused(() => w.installer1.post('/station/assign', { stationIds: [] }), 4000);
    const ok = await w.installer1.post('/station/assign', { stationIds: ids, ownerUserId: owner1Id });
    expect(ok.status).toBe(200);
    const mine = await w.owner1.get<{ list: { id: number }[] }>('/station/list?pageSize=200');
    expect(mine.data.list.map((s) => s.id)).toEqual(expect.arrayContaining(ids));
    // The distributor moves station A of the fixtures (with its logger) to installer 2's company.
    const moved = await distributor.post('/station/assign', {
      stationIds: [w.stationA],
      companyId: 4,
      ownerUserId: null,
    });
    expect(moved.status).toBe(200);
    const [logger] = await db
      .select({ companyId: gateways.companyId })
      .from(gateways)
      .where(eq(gateways.id, w.loggerA.id));
    expect(logger?.companyId).toBe(4);
    expect((await w.installer2.get(`/station/${w.stationA}`)).status).toBe(200);
    expect((await w.installer1.get(`/station/${w.stationA}`)).status).toBe(4004);
    const back = await distributor.post('/station/assign', {
      stationIds: [w.stationA],
      companyId: 3,
      ownerUserId: owner1Id,
    });
    expect(back.status).toBe(200);
  });

  it('follows and unfollows idempotently, and filters the list by it', async () => {
    for (let i = 0; i < 2; i++)
      expect((await w.owner1.post(`/station/${w.stationA}/concern`)).status).toBe(200);
    const followed = await w.owner1.get<{ list: { id: number; concern: boolean }[] }>(
      '/station/list?concern=true',
    );
    expect(followed.data.list).toEqual([expect.objectContaining({ id: w.stationA, concern: true })]);
    const notFollowed = await w.installer1.get<{ list: { id: number; concern: boolean }[] }>(
      '/station/list?concern=true',
    );
    expect(notFollowed.data.list).toEqual([]);
    for (let i = 0; i < 2; i++)
      expect((await w.owner1.put(`/station/${w.stationA}/unconcern`)).status).toBe(200);
    const after = await w.owner1.get<{ list: unknown[] }>('/station/list?concern=true');
    expect(after.data.list).toEqual([]);
  });

  it('refuses uploads that are not PNG or JPEG', async () => {
    const tok = await token('demo.installer1');
    const fake = await photo(tok, 'roof.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect([fake.status, fake.enMsg]).toEqual([4000, 'security.imageContentInvalid']);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await photo(tok, 'roof.gif', gif)).status).toBe(4000);
  });

  it('deletes a station: loggers go back unbound to its company, follows and rollups go, device data stays', async () => {
    const created = await w.installer1.post<{ id: number }>('/station', { ...base, name: 'To delete' });
    const id = created.data.id;
    const [logger] = await db
      .update(gateways)
      .set({ stationId: id, companyId: 3 })
      .where(eq(gateways.id, w.loggerA.id))
      .returning({ id: gateways.id });
    expect(logger).toBeDefined();
    await writeBatch(db, w.loggerA.id, w.inverterA, [
      { ts: Date.parse('2026-05-31T10:00:00Z'), power: 1, energy: 100 },
      { ts: Date.parse('2026-05-31T10:15:00Z'), power: 1, energy: 600 },
    ]);
    await worker(t.database).drainOnce();
    expect((await w.installer1.post(`/station/${id}/concern`)).status).toBe(200);
    const rollupsBefore = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rollup_station_day where station_id = ${id}`,
    );
    expect(rollupsBefore[0]?.n).toBeGreaterThan(0);
    const deleted = await w.installer1.del(`/station/${id}`);
    expect(deleted.status).toBe(200);
    expect((await w.installer1.get(`/station/${id}`)).status).toBe(4004);
    const [after] = await db
      .select({ stationId: gateways.stationId, companyId: gateways.companyId, boundAt: gateways.boundAt })
      .from(gateways)
      .where(eq(gateways.id, w.loggerA.id));
    expect(after).toEqual({ stationId: null, companyId: 3, boundAt: null });
    expect(await db.select().from(stationFollows).where(eq(stationFollows.stationId, id))).toEqual([]);
    expect(await db.select().from(stations).where(eq(stations.id, id))).toEqual([]);
    const rollups = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rollup_station_day where station_id = ${id}`,
    );
    expect(rollups[0]?.n).toBe(0);
    const telemetry = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from telemetry where device_id = ${w.inverterA}`,
    );
    expect(telemetry[0]?.n).toBeGreaterThanOrEqual(2);
  });
});
