// Step 4a: station list pages and Home answers are kept per API process for at most
// STATION_FIGURES_MAX_AGE_MS (here 5 s on the test clock). Their live figures may be that old; an edit to
// what they are built from (a station, a follow, a company, a user, an exchange rate) is seen at once,
// here and — once the notification arrives — on a second app over the same database. No sleeps.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';
import { createPeerApp, nextChange, type PeerApp } from './support/peer-app.js';

interface ListAnswer {
  status: number;
  data: { total: number; list: { id: number; name: string; todayKwh: number | null; concern: boolean }[] };
}
interface HomeAnswer {
  status: number;
  data: { todayKwh: number; stationStatus: { total: number } };
}

async function get<T>(app: FastifyInstance, url: string, token: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  return res.json<T>();
}

/** What the writes here answer: a new id, or a share link's token. */
interface Sent {
  status: number;
  data: { id: number; token: string };
}

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  body?: unknown,
): Promise<Sent> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return res.json<Sent>();
}

describe.each(DATABASES)('station answers cache on %s', (kind) => {
  let t: TestApp;
  let peer: PeerApp;
  let token: string;
  let stationId: number;
  const listUrl = '/station/list?name=Cache%20Roof';

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { STATION_FIGURES_MAX_AGE_MS: '5000' } });
    peer = await createPeerApp(t);
    token = await t.login();
    const created = await send(t.app, 'POST', '/station', token, {
      name: 'Cache Roof',
      type: 'HOUSEHOLD_PV',
      capacityKwp: 9.9,
      price: 0.31,
      currency: 'EUR',
      timeZone: 'Europe/Rome',
    });
    expect(created.status).toBe(200);
    stationId = created.data.id;
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  /** Today's energy written as the rollup worker writes it: a live figure, no notification. */
  async function setToday(kwh: number): Promise<void> {
    const day = t.clock.now().toISOString().slice(0, 10);
    await t.database.db.execute(sql`insert into rollup_station_day (station_id, day, energy_kwh)
      values (${stationId}, ${day}, ${kwh})
      on conflict (station_id, day) do update set energy_kwh = excluded.energy_kwh`);
  }

  it('answers a list page and Home from memory until their figures are older than allowed', async () => {
    await setToday(1);
    const first = await get<ListAnswer>(t.app, listUrl, token);
    expect(first.data.list.map((s) => s.todayKwh)).toEqual([1]);
    const home = await get<HomeAnswer>(t.app, '/station/stats/index?currency=EUR', token);
    expect(home.status).toBe(200);
    await setToday(12.5);
    t.clock.advance(5);
    expect((await get<ListAnswer>(t.app, listUrl, token)).data).toEqual(first.data);
    expect((await get<HomeAnswer>(t.app, '/station/stats/index?currency=EUR', token)).data).toEqual(
      home.data,
    );
    t.clock.advance(1);
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.list.map((s) => s.todayKwh)).toEqual([12.5]);
    const later = await get<HomeAnswer>(t.app, '/station/stats/index?currency=EUR', token);
    expect(later.data.todayKwh).toBeCloseTo(home.data.todayKwh + 11.5, 6);
  });

  it('keeps a logged-in energy chart as long, and reads a shared one afresh every time', async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const chart = `/station/electricityChartData?stationId=${String(stationId)}&dimension=MONTH&date=${day}`;
    const todayOf = (answer: { data: { points: { label: string; energyKwh: number | null }[] } }) =>
      answer.data.points.find((p) => p.label === day)?.energyKwh ?? null;
    type ChartAnswer = { status: number; data: { points: { label: string; energyKwh: number | null }[] } };
    t.clock.advance(6);
    await setToday(3);
    const link = await send(t.app, 'POST', '/shareLink', token, {
      stationId,
      expiresAt: null,
    });
    expect(link.status).toBe(200);
    const shared = `/station/electricityChartData/share?token=${link.data.token}&dimension=MONTH&date=${day}`;
    const publicChart = async (): Promise<ChartAnswer> =>
      (await t.app.inject({ method: 'GET', url: `/api${shared}` })).json<ChartAnswer>();
    expect(todayOf(await get<ChartAnswer>(t.app, chart, token))).toBe(3);
    expect(todayOf(await publicChart())).toBe(3);
    await setToday(4);
    expect(todayOf(await get<ChartAnswer>(t.app, chart, token))).toBe(3);
    expect(todayOf(await publicChart())).toBe(4);
    t.clock.advance(6);
    expect(todayOf(await get<ChartAnswer>(t.app, chart, token))).toBe(4);
  });

  it('shows a rename and a follow at once here, and on the other process when it is told', async () => {
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.list[0]?.concern).toBe(false);
    expect((await get<ListAnswer>(peer.app, listUrl, token)).data.total).toBe(1);
    const renamed = nextChange(peer.app, (c) => c.kind === 'station');
    expect(
      await send(t.app, 'PUT', '/station/name', token, { id: stationId, name: 'Cache Roof II' }),
    ).toMatchObject({
      status: 200,
    });
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.list.map((s) => s.name)).toEqual([
      'Cache Roof II',
    ]);
    await renamed;
    expect((await get<ListAnswer>(peer.app, listUrl, token)).data.list.map((s) => s.name)).toEqual([
      'Cache Roof II',
    ]);
    const followed = nextChange(peer.app, (c) => c.kind === 'station');
    expect(await send(t.app, 'POST', `/station/${String(stationId)}/concern`, token)).toMatchObject({
      status: 200,
    });
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.list[0]?.concern).toBe(true);
    await followed;
    expect((await get<ListAnswer>(peer.app, listUrl, token)).data.list[0]?.concern).toBe(true);
  });

  it('keeps callers and questions apart', async () => {
    const owner = await send(t.app, 'POST', '/user', token, {
      username: 'cache.owner',
      password: 'Cache#Pass1',
      roleId: 5,
      companyId: 2,
    });
    expect(owner.status).toBe(200);
    const ownerToken = await t.login('cache.owner', 'Cache#Pass1');
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.total).toBe(1);
    expect((await get<ListAnswer>(t.app, listUrl, ownerToken)).data.total).toBe(0);
    expect((await get<ListAnswer>(t.app, `${listUrl}&type=HOUSEHOLD_PV_STORAGE`, token)).data.total).toBe(0);
    expect(
      (await get<HomeAnswer>(t.app, '/station/stats/index?currency=EUR', ownerToken)).data.stationStatus
        .total,
    ).toBe(0);
  });

  it('reads everything afresh while the change feed is not live', async () => {
    await setToday(20);
    t.clock.advance(6);
    expect((await get<ListAnswer>(t.app, listUrl, token)).data.list.map((s) => s.todayKwh)).toEqual([20]);
    await setToday(21);
    const feed = t.app.changes as { live: boolean };
    feed.live = false;
    try {
      expect((await get<ListAnswer>(t.app, listUrl, token)).data.list.map((s) => s.todayKwh)).toEqual([21]);
    } finally {
      feed.live = true;
    }
  });
});
