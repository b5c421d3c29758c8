// Station weather (sensor values, sky code, forecast from a local Open-Meteo-compatible provider with
// caching and failure handling) and the public /share variants of the charts: token checks, one answer
// for unknown/revoked/expired tokens, and the per-address rate limit. Both databases.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { deviceLatest, devices, shareLinks, stations } from '../src/db/schema.js';
import { newShareToken } from '../src/modules/share-links/share-token.js';
import {
  clearSkyGhi,
  moonPhaseCode,
  skyCode,
  sunElevationDeg,
  wmoToCode,
} from '../src/modules/station-charts/weather-code.js';
import { parseForecast } from '../src/modules/station-charts/forecast.js';
import { eq } from 'drizzle-orm';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { createTestStation } from './support/loggers.js';
import { twoTenants, withoutRequestId, type TwoTenants } from './telemetry-api-support.js';

interface Weather {
  source: string;
  current: {
    ts: number;
    code: number;
    temperatureC: number | null;
    irradianceWm2: number | null;
    windSpeedMs: number | null;
    humidityPct: number | null;
  } | null;
  forecast: { date: string; code: number; minC: number; maxC: number }[];
}

/** A provider answering like Open-Meteo; latitude 1.5 answers HTTP 500. Records every query. */
function startProvider(): Promise<{ server: Server; url: string; hits: URLSearchParams[] }> {
  const hits: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    hits.push(query);
    if (query.get('latitude') === '1.5000') {
      res.writeHead(500).end('down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        latitude: Number(query.get('latitude')),
        daily: {
          time: ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'],
          weathercode: [0, 61, 95, null],
          temperature_2m_max: [24.5, 18, 21, 20],
          temperature_2m_min: [12, 10.5, 13, 11],
        },
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`,
        hits,
      }),
    ),
  );
}

describe('weather codes', () => {
  it('finds the sun where it is: Berlin at the June solstice noon, and below the horizon at midnight', () => {
    expect(sunElevationDeg(Date.parse('2026-06-21T11:10:00Z'), 52.52, 13.4)).toBeCloseTo(60.9, 0);
    expect(sunElevationDeg(Date.parse('2026-06-21T23:10:00Z'), 52.52, 13.4)).toBeLessThan(0);
    expect(clearSkyGhi(-5)).toBe(0);
  });

  it('names the sky from the clear-sky index and says unknown when irradiance cannot tell', () => {
    const noon = { ms: Date.parse('2026-06-21T11:10:00Z'), latitude: 52.52, longitude: 13.4 };
    const clear = clearSkyGhi(sunElevationDeg(noon.ms, 52.52, 13.4));
    expect(skyCode({ ...noon, irradianceWm2: clear * 0.9 })).toBe(100);
    expect(skyCode({ ...noon, irradianceWm2: clear * 0.6 })).toBe(102);
    expect(skyCode({ ...noon, irradianceWm2: clear * 0.4 })).toBe(103);
    expect(skyCode({ ...noon, irradianceWm2: clear * 0.1 })).toBe(104);
    expect(skyCode({ ...noon, irradianceWm2: null })).toBe(999);
    expect(skyCode({ ...noon, latitude: null, irradianceWm2: 500 })).toBe(999);
    // Night: the moon's phase (first quarter that night), whatever irradiance says; dusk: not measurable.
    expect(skyCode({ ...noon, ms: Date.parse('2026-06-21T23:10:00Z'), irradianceWm2: 0 })).toBe(802);
    expect(skyCode({ ...noon, ms: Date.parse('2026-06-21T23:10:00Z'), irradianceWm2: null })).toBe(802);
    expect(skyCode({ ...noon, ms: Date.parse('2026-06-21T19:05:00Z'), irradianceWm2: 20 })).toBe(999);
  });

  it('knows the moon: new, full and the quarters of 2026', () => {
    expect(moonPhaseCode(Date.parse('2026-06-15T02:54:00Z'))).toBe(800);
    expect(moonPhaseCode(Date.parse('2026-05-31T08:45:00Z'))).toBe(804);
    expect(moonPhaseCode(Date.parse('2026-06-21T21:55:00Z'))).toBe(802);
    expect(moonPhaseCode(Date.parse('2026-06-08T10:00:00Z'))).toBe(806);
    expect(moonPhaseCode(Date.parse('1999-12-30T00:00:00Z'))).toBeGreaterThanOrEqual(800);
  });

  it('maps WMO codes to SPEC codes and leaves out incomplete forecast days', () => {
    expect([0, 3, 45, 63, 75, 82, 99, 42].map(wmoToCode)).toEqual([100, 104, 501, 306, 402, 301, 304, 999]);
    expect(
      parseForecast({
        daily: {
          time: ['2026-06-01', '2026-06-02'],
          weather_code: [2, 71],
          temperature_2m_max: [20, null],
          temperature_2m_min: [10, 1],
        },
      }),
    ).toEqual([{ date: '2026-06-01', code: 103, minC: 10, maxC: 20 }]);
    expect(parseForecast({ hourly: {} })).toBeNull();
  });
});

describe.each(DATABASES)('station weather and share links on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let weatherDevice: number;
  const anonymous = (): ReturnType<typeof as> => as(t, null);

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp(kind, { env: { WEATHER_FORECAST_URL: provider.url } });
    db = t.database.db;
    w = await twoTenants(t, kind);
    await db.update(stations).set({ latitude: 52.52, longitude: 13.4 }).where(eq(stations.id, w.stationA));
    const [device] = await db
      .insert(devices)
      .values({
        gatewayId: w.loggerA.id,
        sn: `WS-A-${kind}`,
        deviceType: 'WEATHER_STATION',
        model: 'SF-WS',
        unitId: 3,
      })
      .returning({ id: devices.id });
    weatherDevice = device!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await new Promise((r) => provider.server.close(r));
  });

  const setReading = async (ts: number, values: Record<string, number | null>): Promise<void> => {
    await db
      .insert(deviceLatest)
      .values({ deviceId: weatherDevice, ts: new Date(ts), values })
      .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts: new Date(ts), values } });
  };

  it('shows the station sensor’s values with a sky code, and the forecast mapped to SPEC codes', async () => {
    // 2026-06-01 07:55 UTC (09:55 in Berlin): sun about 50° high, clear sky ≈ 780 W/m².
    const ts = t.clock.now().getTime() - 5 * 60_000;
    await setReading(ts, { GHI: 720, TmpAmb: 18.5, WndSpd: 3.2, RH: 61 });
    const res = await w.owner1.get<Weather>(`/station/weather?stationId=${w.stationA}`);
    expect(res.status).toBe(200);
    expect(res.data.source).toBe('STATION');
    expect(res.data.current).toEqual({
      ts,
      code: 100,
      temperatureC: 18.5,
      irradianceWm2: 720,
      windSpeedMs: 3.2,
      humidityPct: 61,
    });
    expect(res.data.forecast).toEqual([
      { date: '2026-06-01', code: 100, minC: 12, maxC: 24.5 },
      { date: '2026-06-02', code: 305, minC: 10.5, maxC: 18 },
      { date: '2026-06-03', code: 302, minC: 13, maxC: 21 },
    ]);
    const asked = provider.hits.at(-1)!;
    expect(asked.get('daily')).toBe('weathercode,temperature_2m_max,temperature_2m_min');
    expect(asked.get('timezone')).toBe('Europe/Berlin');
    expect(asked.get('latitude')).toBe('52.5200');
  });

  it('caches the forecast, and drops a stale sensor reading from "current"', async () => {
    const before = provider.hits.length;
    await setReading(t.clock.now().getTime() - 4 * 3_600_000, { GHI: 100, TmpAmb: 10 });
    const res = await w.admin.get<Weather>(`/station/weather?stationId=${w.stationA}`);
    expect(res.data.current).toBeNull();
    expect(res.data.source).toBe('FORECAST');
    expect(res.data.forecast).toHaveLength(3);
    expect(provider.hits.length).toBe(before);
  });

  it('answers NONE when the provider fails or the station has no coordinates, and keeps answering', async () => {
    const down = await createTestStation(db, { companyId: 3, latitude: 1.5, longitude: 2.5 });
    const before = provider.hits.length;
    const first = await w.admin.get<Weather>(`/station/weather?stationId=${down.id}`);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ source: 'NONE', current: null, forecast: [] });
    // The failure is remembered for a while: no second request to a failing provider.
    await w.admin.get<Weather>(`/station/weather?stationId=${down.id}`);
    expect(provider.hits.length).toBe(before + 1);
    const nowhere = await createTestStation(db, { companyId: 3 });
    const res = await w.admin.get<Weather>(`/station/weather?stationId=${nowhere.id}`);
    expect(res.data).toEqual({ source: 'NONE', current: null, forecast: [] });
    expect(provider.hits.length).toBe(before + 1);
  });

  it('serves the charts and weather of a shared station without a login', async () => {
    const token = newShareToken();
    await db.insert(shareLinks).values({ stationId: w.stationA, token });
    const date = '2026-05-31';
    const shared = await anonymous().get(`/station/powerChartData/share?token=${token}&date=${date}`);
    const own = await w.admin.get(`/station/powerChartData?stationId=${w.stationA}&date=${date}`);
    expect(shared.status).toBe(200);
    expect(shared.data).toEqual(own.data);
    const energy = await anonymous().get<{ points: unknown[] }>(
      `/station/electricityChartData/share?token=${token}&dimension=MONTH&date=${date}`,
    );
    expect(energy.status).toBe(200);
    expect(energy.data.points).toHaveLength(31);
    const weather = await anonymous().get<Weather>(`/station/weather/share?token=${token}`);
    expect(weather.status).toBe(200);
    expect(weather.data.forecast).toHaveLength(3);
    // Bad dates get the same clear errors as the logged-in routes.
    const bad = await anonymous().get(`/station/powerChartData/share?token=${token}&date=2026-02-30`);
    expect(bad.enMsg).toBe('telemetry.dateInvalid');
  });

  it('answers unknown, revoked and expired tokens alike, and malformed ones as invalid', async () => {
    const revoked = newShareToken();
    const expired = newShareToken();
    await db.insert(shareLinks).values([
      { stationId: w.stationA, token: revoked, revokedAt: new Date('2026-05-01T00:00:00Z') },
      { stationId: w.stationA, token: expired, expiresAt: new Date('2020-01-01T00:00:00Z') },
    ]);
    const answers = [];
    for (const token of [newShareToken(), revoked, expired]) {
      const res = await anonymous().get(`/station/weather/share?token=${token}`);
      expect(res.status).toBe(4004);
      answers.push(withoutRequestId(res.body));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await anonymous().get('/station/weather/share?token=short')).status).toBe(4000);
    expect((await anonymous().get('/station/weather/share')).status).toBe(4000);
  });

  it('limits the public share routes per address', async () => {
    const token = newShareToken();
    await db.insert(shareLinks).values({ stationId: w.stationA, token });
    t.clock.advance(120); // a fresh window
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await anonymous().get(`/station/weather/share?token=${token}`)).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(4029);
    // Logged-in routes are not affected.
    expect((await w.admin.get(`/station/weather?stationId=${w.stationA}`)).status).toBe(200);
    t.clock.advance(61);
    expect((await anonymous().get(`/station/weather/share?token=${token}`)).status).toBe(200);
  }, 60_000);
});
