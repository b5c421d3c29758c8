import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, timeZones, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { SEED_TIME_ZONES } from '../src/modules/reference/reference-seed-data.js';
import { ianaTimeZone, standardOffsetMinutes } from '../src/modules/reference/time-zone-rules.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

const PASSWORD = 'Demo#Pass-2026';

interface Answer<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}

describe('IANA time zone rules', () => {
  it('accepts listed zones, their aliases and UTC, and nothing else', () => {
    expect(ianaTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(ianaTimeZone('Asia/Kolkata')).not.toBeNull();
    expect(ianaTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Europe/Atlantis', 'Mars/Olympus', 'CEST', '+01:00', 'Berlin', '']) {
      expect(ianaTimeZone(bad), bad).toBeNull();
    }
  });

  it('derives standard offsets, without daylight saving, in both hemispheres', () => {
    expect(standardOffsetMinutes('Europe/Berlin', 2026)).toBe(60);
    expect(standardOffsetMinutes('America/New_York', 2026)).toBe(-300);
    expect(standardOffsetMinutes('Australia/Sydney', 2026)).toBe(600);
    expect(standardOffsetMinutes('Asia/Kathmandu', 2026)).toBe(345);
    expect(standardOffsetMinutes('UTC', 2026)).toBe(0);
  });

  it('seeds only real zones, each with its real standard offset', () => {
    for (const zone of SEED_TIME_ZONES) {
      expect(ianaTimeZone(zone.name), zone.name).toBe(zone.name);
      expect(standardOffsetMinutes(zone.name, 2026), zone.name).toBe(zone.offsetMinutes);
    }
  });
});

describe.each(oneDatabase())('time zones and countries on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let installer: string;

  const call = async <T = unknown>(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Answer<T>> => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return res.json<Answer<T>>();
  };
  const zoneRows = () => t.database.db.select().from(timeZones).orderBy(timeZones.id);
  const countryRows = () => t.database.db.select().from(countries).orderBy(countries.code);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.username, 'demo.installer1'));
    admin = await t.login();
    installer = await t.login('demo.installer1', PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the seeded zones by offset for any logged-in user', async () => {
    const page = await call<{ total: number; list: { name: string; offsetMinutes: number }[] }>(
      installer,
      'GET',
      '/api/timezone/page?pageSize=200',
    );
    expect(page.data.total).toBe(SEED_TIME_ZONES.length);
    const offsets = page.data.list.map((z) => z.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(page.data.list).toContainEqual(
      expect.objectContaining({ name: 'Asia/Shanghai', offsetMinutes: 480 }),
    );
    const found = await call<{ list: { name: string }[] }>(
      installer,
      'GET',
      '/api/timezone/page?keyword=australia',
    );
    expect(found.data.list.every((z) => z.name.startsWith('Australia/'))).toBe(true);
  });

  it('creates a zone with its own offset when none is given, changes and deletes it', async () => {
    const created = await call<{ id: number }>(admin, 'POST', '/api/timezone', { name: 'Asia/Kathmandu' });
    expect(created).toMatchObject({ status: 200, data: { name: 'Asia/Kathmandu', offsetMinutes: 345 } });
    const id = created.data.id;
    const updated = await call(admin, 'PUT', '/api/timezone', { id, name: 'asia/tokyo', offsetMinutes: 600 });
    expect(updated).toMatchObject({ status: 200, data: { id, name: 'Asia/Tokyo', offsetMinutes: 600 } });
    expect(await call(admin, 'DELETE', `/api/timezone/${id}`)).toMatchObject({ status: 200 });
    expect((await zoneRows()).map((z) => z.name)).not.toContain('Asia/Tokyo');
  });

  it('rejects every bad zone and stores nothing', async () => {
    const before = await zoneRows();
    const cases: [unknown, string, string][] = [
      [{ name: 'Europe/Atlantis' }, 'TimeZoneUnknown', 'body.name'],
      [{ name: 'CEST' }, 'TimeZoneUnknown', 'body.name'],
      [{ name: '+01:00' }, 'rule.format', 'body.name'],
      [{ name: '' }, 'rule.required', 'body.name'],
      [{ name: 'Asia/Tokyo', offsetMinutes: -721 }, 'rule.range', 'body.offsetMinutes'],
      [{ name: 'Asia/Tokyo', offsetMinutes: 841 }, 'rule.range', 'body.offsetMinutes'],
      [{ name: 'Asia/Tokyo', offsetMinutes: 1.5 }, 'rule.type', 'body.offsetMinutes'],
      [{ name: 'Asia/Tokyo', dst: true }, 'rule.unknownField', 'body.dst'],
    ];
    for (const [payload, rule, field] of cases) {
      const answer = await call(admin, 'POST', '/api/timezone', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await call(admin, 'POST', '/api/timezone', { name: 'Europe/Berlin' })).toMatchObject({
      status: 4009,
    });
    expect(await call(admin, 'POST', '/api/timezone', { name: 'EUROPE/BERLIN' })).toMatchObject({
      status: 4009,
    });
    const berlin = before.find((z) => z.name === 'Europe/Berlin')!;
    const rome = before.find((z) => z.name === 'Europe/Rome')!;
    expect(await call(admin, 'PUT', '/api/timezone', { id: rome.id, name: 'Europe/Berlin' })).toMatchObject({
      status: 4009,
    });
    expect(await call(admin, 'PUT', '/api/timezone', { id: berlin.id, name: 'Nowhere/City' })).toMatchObject({
      status: 4000,
      enMsg: 'TimeZoneUnknown',
    });
    expect(await call(admin, 'PUT', '/api/timezone', { id: 999999, name: 'Asia/Tokyo' })).toMatchObject({
      status: 4004,
    });
    expect(await call(admin, 'DELETE', '/api/timezone/999999')).toMatchObject({ status: 4004 });
    expect(await call(installer, 'POST', '/api/timezone', { name: 'Asia/Tokyo' })).toMatchObject({
      status: 4003,
    });
    expect(await zoneRows()).toEqual(before);
  });

  it('seeds every ISO country; PRIVATE ones are listed for the platform only', async () => {
    const all = await call<{ total: number }>(admin, 'GET', '/api/country/page');
    expect(all.data.total).toBe(249);
    const italy = await call<{ list: unknown[] }>(installer, 'GET', '/api/country/page?keyword=ital');
    expect(italy.data.list).toEqual([{ code: 'IT', name: 'Italy', visibility: 'PUBLIC' }]);
    const hidden = await call(admin, 'PUT', '/api/country', {
      code: 'aq',
      name: 'Antarctica',
      visibility: 'PRIVATE',
    });
    expect(hidden).toMatchObject({ status: 200, data: { code: 'AQ', visibility: 'PRIVATE' } });
    expect((await call<{ total: number }>(installer, 'GET', '/api/country/page')).data.total).toBe(248);
    expect(
      (await call<{ total: number }>(installer, 'GET', '/api/country/page?visibility=PRIVATE')).data.total,
    ).toBe(0);
    expect(
      (await call<{ total: number }>(admin, 'GET', '/api/country/page?visibility=PRIVATE')).data.total,
    ).toBe(1);
  });

  it('creates and deletes a country, and rejects bad ones without storing anything', async () => {
    expect(
      await call(admin, 'POST', '/api/country', { code: 'xk', name: 'Kosovo', visibility: 'PUBLIC' }),
    ).toMatchObject({
      status: 200,
      data: { code: 'XK', name: 'Kosovo', visibility: 'PUBLIC' },
    });
    expect(await call(admin, 'DELETE', '/api/country/XK')).toMatchObject({ status: 200 });
    const before = await countryRows();
    const good = { code: 'QZ', name: 'Testland', visibility: 'PUBLIC' };
    const cases: [unknown, string, string][] = [
      [{ ...good, code: 'QZZ' }, 'rule.format', 'body.code'],
      [{ ...good, code: 'Q1' }, 'rule.format', 'body.code'],
      [{ ...good, name: ' ' }, 'rule.required', 'body.name'],
      [{ ...good, visibility: 'SECRET' }, 'rule.enum', 'body.visibility'],
      [{ code: 'QZ', name: 'No visibility' }, 'rule.required', 'body.visibility'],
    ];
    for (const [payload, rule, field] of cases) {
      const answer = await call(admin, 'POST', '/api/country', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await call(admin, 'POST', '/api/country', { ...good, code: 'de' })).toMatchObject({
      status: 4009,
    });
    expect(await call(admin, 'PUT', '/api/country', good)).toMatchObject({ status: 4004 });
    expect(await call(admin, 'DELETE', '/api/country/QZ')).toMatchObject({ status: 4004 });
    expect(await call(installer, 'DELETE', '/api/country/DE')).toMatchObject({ status: 4003 });
    expect(await countryRows()).toEqual(before);
  });
});
