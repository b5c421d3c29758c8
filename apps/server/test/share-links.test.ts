// Share links (Step 3): CRUD within the station's reach, expiry and revocation, 256-bit tokens, and the
// public read-only station view with its per-address rate limit and its one 4004 answer.
import { Perm, STATION_STATUS_CODES, ShareLinkLimits } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, rollupStationDay, shareLinks } from '../src/db/schema.js';
import { resolveShareToken } from '../src/modules/share-links/share-token.js';
import { gatewayWorld, type GatewayWorld } from './gateways-fixtures.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';

interface Link {
  id: number;
  stationId: number;
  stationName: string;
  title: string | null;
  token: string;
  url: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  useCount: number;
  state: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
}
interface View {
  station: { name: string; capacityKwp: number; timeZone: string; status: string };
  stats: { todayKwh: number | null; totalKwh: number | null; powerKw: number | null };
}

describe.each(oneDatabase())('share links on %s', (kind) => {
  let t: TestApp;
  let w: GatewayWorld;

  const publicView = async (token: string, remoteAddress = '192.0.2.10') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/station/share?token=${encodeURIComponent(token)}`,
      remoteAddress,
    });
    return res.json<{ status: number; enMsg: string; data: View | null }>();
  };
  const linkCount = async (): Promise<number> => (await t.database.db.select().from(shareLinks)).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await gatewayWorld(t);
    // Whether managers and owners may share by default is the seed's business; these tests need it.
    for (const roleId of [2, 5]) {
      const [role] = await t.database.db
        .select({ permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.id, roleId));
      const permissions = [...new Set([...(role?.permissions ?? []), Perm.stationShare])];
      await t.database.db.update(roles).set({ permissions }).where(eq(roles.id, roleId));
    }
  }, 120_000);
  afterAll(() => t.close());

  it('creates links with unguessable 43-character tokens and lists and reads them', async () => {
    const a = await w.installer1.post<Link>('/shareLink', {
      stationId: w.station3,
      title: '  For the neighbours ',
      expiresAt: null,
    });
    expect(a.status, a.body).toBe(200);
    expect(a.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.data.token, 'base64url')).toHaveLength(32);
    expect(a.data.url.endsWith(`/#/station/share?token=${a.data.token}`)).toBe(true);
    expect(a.data).toMatchObject({
      stationId: w.station3,
      title: 'For the neighbours',
      state: 'ACTIVE',
      useCount: 0,
    });
    const b = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    expect(b.data.token).not.toBe(a.data.token);
    expect(b.data.title).toBeNull();

    const list = await w.installer1.get<Link[]>(`/shareLink/list?stationId=${w.station3}`);
    expect(list.data.map((l) => l.id)).toEqual(expect.arrayContaining([a.data.id, b.data.id]));
    const one = await w.owner1.get<Link>(`/shareLink/${a.data.id}`);
    expect(one.status).toBe(200);
    expect(one.data.token).toBe(a.data.token);
    expect(await resolveShareToken(t.database.db, a.data.token)).toBe(w.station3);
    expect(await resolveShareToken(t.database.db, 'x'.repeat(43))).toBeNull();
    expect(await resolveShareToken(t.database.db, 'short')).toBeNull();
  });

  it('answers 4004 for a foreign station or link and changes nothing', async () => {
    const own = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    const before = await linkCount();
    for (const client of [w.installer2, w.owner3]) {
      expect((await client.get(`/shareLink/${own.data.id}`)).status).toBe(4004);
      expect((await client.get(`/shareLink/list?stationId=${w.station3}`)).status).toBe(4004);
      expect((await client.post('/shareLink', { stationId: w.station3, expiresAt: null })).status).toBe(4004);
      expect((await client.put('/shareLink', { id: own.data.id, revoked: true })).status).toBe(4004);
      expect((await client.del(`/shareLink/${own.data.id}`)).status).toBe(4004);
    }
    expect((await w.installer1.get('/shareLink/999999')).status).toBe(4004);
    expect(await linkCount()).toBe(before);
    const still = await w.installer1.get<Link>(`/shareLink/${own.data.id}`);
    expect(still.data.state).toBe('ACTIVE');
    // The read-only guest cannot create links.
    expect((await w.guest.post('/shareLink', { stationId: w.station3, expiresAt: null })).status).toBe(4003);
    expect(await linkCount()).toBe(before);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await linkCount();
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const refused = await w.installer1.post('/shareLink', { stationId: w.station3, expiresAt: past });
    expect(refused.status).toBe(4000);
    expect(refused.enMsg).toBe('share.expiryInPast');
    const bad = [
      { stationId: w.station3, expiresAt: 'tomorrow' },
      { stationId: w.station3, title: 'x'.repeat(ShareLinkLimits.titleMax + 1), expiresAt: null },
      { stationId: w.station3 },
      { stationId: 0, expiresAt: null },
      { stationId: w.station3, expiresAt: null, token: 'mine' },
    ];
    for (const body of bad) expect((await w.installer1.post('/shareLink', body)).status).toBe(4000);
    expect((await w.installer1.post('/shareLink', { stationId: 999_999, expiresAt: null })).status).toBe(
      4004,
    );
    expect(await linkCount()).toBe(before);
  });

  it('shows the station publicly without login, counts views, and hides ids', async () => {
    const link = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    await t.database.db.insert(rollupStationDay).values({
      stationId: w.station3,
      day: t.clock.now().toISOString().slice(0, 10),
      energyKwh: 12.5,
      income: 3.75,
      currency: 'EUR',
    });
    const view = await publicView(link.data.token);
    expect(view.status).toBe(200);
    expect(view.data?.station.capacityKwp).toBe(10);
    expect(view.data?.stats.todayKwh).toBe(12.5);
    expect(view.data?.stats.powerKw).toBeNull();
    // The status by the same rule as the station's own pages.
    const detail = await w.installer1.get<{ status: string }>(`/station/${w.station3}`);
    expect(STATION_STATUS_CODES).toContain(view.data?.station.status);
    expect(view.data?.station.status).toBe(detail.data.status);
    expect(JSON.stringify(view.data)).not.toMatch(/"(id|stationId|companyId|ownerUserId)"/);
    const after = await w.installer1.get<Link>(`/shareLink/${link.data.id}`);
    expect(after.data.useCount).toBe(1);
    expect(after.data.lastUsedAt).toBe(t.clock.now().toISOString());
    // Malformed tokens fail validation; well-formed unknown ones answer 4004.
    expect((await publicView('not-a-token')).status).toBe(4000);
    expect((await publicView('A'.repeat(43))).status).toBe(4004);
  });

  it('stops answering once a link expires, is revoked or deleted — all with the same 4004', async () => {
    const inOneHour = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const expiring = await w.installer1.post<Link>('/shareLink', {
      stationId: w.station3,
      expiresAt: inOneHour,
    });
    expect(expiring.data.expiresAt).toBe(inOneHour);
    const revoking = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    const deleting = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    for (const l of [expiring, revoking, deleting]) expect((await publicView(l.data.token)).status).toBe(200);

    const revoked = await w.installer1.put<Link>('/shareLink', { id: revoking.data.id, revoked: true });
    expect(revoked.data.state).toBe('REVOKED');
    expect(revoked.data.revokedAt).not.toBeNull();
    // Revocation is final.
    const again = await w.installer1.put<Link>('/shareLink', { id: revoking.data.id, revoked: false });
    expect(again.data.state).toBe('REVOKED');
    expect((await w.installer1.del(`/shareLink/${deleting.data.id}`)).status).toBe(200);
    expect((await w.installer1.get(`/shareLink/${deleting.data.id}`)).status).toBe(4004);

    t.clock.advance(2 * 3600);
    const listed = await w.installer1.get<Link[]>(`/shareLink/list?stationId=${w.station3}`);
    expect(listed.data.find((l) => l.id === expiring.data.id)?.state).toBe('EXPIRED');

    const answers = await Promise.all(
      [expiring, revoking, deleting].map(async (l) => publicView(l.data.token, '192.0.2.20')),
    );
    for (const a of answers)
      expect({ status: a.status, enMsg: a.enMsg, data: a.data }).toEqual({
        status: 4004,
        enMsg: answers[0]?.enMsg,
        data: null,
      });

    // Extending an expired link's expiry into the future brings it back; a past expiry is refused.
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    expect((await w.installer1.put('/shareLink', { id: expiring.data.id, expiresAt: past })).status).toBe(
      4000,
    );
    const renewed = await w.installer1.put<Link>('/shareLink', {
      id: expiring.data.id,
      expiresAt: null,
      title: 'Again',
    });
    expect(renewed.data).toMatchObject({ state: 'ACTIVE', expiresAt: null, title: 'Again' });
    expect((await publicView(expiring.data.token, '192.0.2.20')).status).toBe(200);
  });

  it('limits public views per client address', async () => {
    const link = await w.installer1.post<Link>('/shareLink', { stationId: w.station3, expiresAt: null });
    for (let i = 0; i < ShareLinkLimits.publicViewsPerAddress; i++)
      expect((await publicView(link.data.token, '198.51.100.7')).status).toBe(200);
    expect((await publicView(link.data.token, '198.51.100.7')).status).toBe(4029);
    // Guessing costs the same as viewing: unknown tokens are refused too once the limit is reached.
    expect((await publicView('B'.repeat(43), '198.51.100.7')).status).toBe(4029);
    expect((await publicView(link.data.token, '198.51.100.8')).status).toBe(200);
    t.clock.advance(ShareLinkLimits.publicWindowSeconds + 1);
    expect((await publicView(link.data.token, '198.51.100.7')).status).toBe(200);
  });
});
