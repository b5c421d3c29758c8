// GET /station/defaults: what the station form proposes for a position — the zone there, and the
// currency and price of the reference region of the zone's country (else the country's own currency and
// no price). Offline lookups; the reference data as the seed or an administrator left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';

type Client = ReturnType<typeof as>;
interface Defaults {
  timeZone: string | null;
  countryCode: string | null;
  region: string | null;
  currency: string | null;
  price: number | null;
}

describe.each(oneDatabase())('station defaults on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let guest: Client;

  const at = async (longitude: number, latitude: number): Promise<Defaults> => {
    const res = await admin.get<Defaults>(`/station/defaults?longitude=${longitude}&latitude=${latitude}`);
    expect(res.status, res.enMsg).toBe(200);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = as(t, await t.login());
    const guestLogin = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    guest = as(t, guestLogin.json<{ data: { token: string } }>().data.token);
  }, 120_000);
  afterAll(() => t.close());

  it("proposes the zone at the position and its country's region's currency and price", async () => {
    // Seeded regions: Germany (EUR 0.40), China (CNY 0.56).
    expect(await at(11.5, 48.1)).toEqual({
      timeZone: 'Europe/Berlin',
      countryCode: 'DE',
      region: 'Germany',
      currency: 'EUR',
      price: 0.4,
    });
    expect(await at(121.47, 31.23)).toMatchObject({
      timeZone: 'Asia/Shanghai',
      currency: 'CNY',
      price: 0.56,
    });
    // No region for Spain: the euro, and no price rather than an invented one.
    expect(await at(-3.7038, 40.4168)).toEqual({
      timeZone: 'Europe/Madrid',
      countryCode: 'ES',
      region: null,
      currency: 'EUR',
      price: null,
    });
    // Canada shares +1 with the United States region, but not its currency.
    expect(await at(-79.38, 43.65)).toEqual({
      timeZone: 'America/Toronto',
      countryCode: 'CA',
      region: null,
      currency: 'CAD',
      price: null,
    });
    // Kenya's shilling is not among the seeded currencies: nothing is proposed for it.
    expect(await at(36.82, -1.29)).toMatchObject({
      timeZone: 'Africa/Nairobi',
      countryCode: 'KE',
      currency: null,
    });
    // The open sea has no zone the station API accepts, and no country.
    expect(await at(-40, 30)).toEqual({
      timeZone: null,
      countryCode: null,
      region: null,
      currency: null,
      price: null,
    });
  });

  it('follows the reference data as administrators change it', async () => {
    const created = await admin.post<{ id: number }>('/region', {
      name: 'spain',
      areaCode: '+34',
      currencyCode: 'EUR',
      temperatureUnit: 'C',
      price: 0.27,
    });
    expect(created.status, created.enMsg).toBe(200);
    expect(await at(-3.7038, 40.4168)).toMatchObject({ region: 'spain', currency: 'EUR', price: 0.27 });
    expect((await admin.del(`/region/${created.data.id}`)).status).toBe(200);
    expect(await at(-3.7038, 40.4168)).toMatchObject({ region: null, price: null });
  });

  it('needs a station permission and a position on the map', async () => {
    expect((await guest.get('/station/defaults?longitude=11.5&latitude=48.1')).status).toBe(4003);
    expect((await as(t, null).get('/station/defaults?longitude=11.5&latitude=48.1')).status).toBe(4001);
    for (const q of [
      'longitude=181&latitude=0',
      'longitude=0&latitude=-91',
      'longitude=11.5',
      'latitude=x&longitude=1',
    ])
      expect((await admin.get(`/station/defaults?${q}`)).status, q).toBe(4000);
  });
});
