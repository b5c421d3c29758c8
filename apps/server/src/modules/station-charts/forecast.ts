// Daily forecast from an Open-Meteo-compatible provider (config WEATHER_FORECAST_URL; off when unset).
// One request per place and cache lifetime: answers are cached per rounded coordinates and time zone,
// failures (timeout, HTTP error, malformed body) for a shorter time, so a dead provider is not hammered
// and never slows the weather endpoint beyond the timeout.
import { ChartLimits, type ForecastDay } from '@sunfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { wmoToCode } from './weather-code.js';

interface Entry {
  until: number;
  days: ForecastDay[];
}

interface DailyBlock {
  time: unknown[];
  codes: unknown[];
  max: unknown[];
  min: unknown[];
}

const isArray = (v: unknown): v is unknown[] => Array.isArray(v);

/** The `daily` block of an Open-Meteo answer (`weathercode` or the newer `weather_code`), or null. */
function dailyOf(body: unknown): DailyBlock | null {
  if (typeof body !== 'object' || body === null) return null;
  const daily = (body as { daily?: unknown }).daily;
  if (typeof daily !== 'object' || daily === null) return null;
  const d = daily as Record<string, unknown>;
  const codes = d.weathercode ?? d.weather_code;
  const { time, temperature_2m_max: max, temperature_2m_min: min } = d;
  if (!isArray(time) || !isArray(codes) || !isArray(max) || !isArray(min)) return null;
  return { time, codes, max, min };
}

/** Days with a date, a code and both temperatures; others are left out (a provider's gaps stay gaps). */
export function parseForecast(body: unknown): ForecastDay[] | null {
  const daily = dailyOf(body);
  if (daily === null) return null;
  const out: ForecastDay[] = [];
  daily.time.forEach((date, i) => {
    const code = daily.codes[i];
    const maxC = daily.max[i];
    const minC = daily.min[i];
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    if (typeof code !== 'number' || typeof maxC !== 'number' || typeof minC !== 'number') return;
    out.push({ date, code: wmoToCode(code), minC, maxC });
  });
  return out.slice(0, ChartLimits.forecastDaysMax);
}

export class ForecastClient {
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<ForecastDay[]>>();

  constructor(
    private readonly baseUrl: string | null,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.baseUrl !== null;
  }

  /** The forecast for a place; [] when off, without coordinates, or while the provider fails. */
  async daily(latitude: number | null, longitude: number | null, timeZone: string): Promise<ForecastDay[]> {
    if (this.baseUrl === null || latitude === null || longitude === null) return [];
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)},${timeZone}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.days;
    const running = this.pending.get(key);
    if (running) return running;
    const request = this.fetchDays(this.baseUrl, latitude, longitude, timeZone)
      .then((days) => {
        this.remember(key, days, ChartLimits.forecastCacheMinutes);
        return days;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'weather forecast provider failed');
        this.remember(key, [], ChartLimits.forecastFailureCacheMinutes);
        return [];
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  private remember(key: string, days: ForecastDay[], minutes: number): void {
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { until: this.now() + minutes * 60_000, days });
  }

  private async fetchDays(
    baseUrl: string,
    latitude: number,
    longitude: number,
    timeZone: string,
  ): Promise<ForecastDay[]> {
    const url = new URL(baseUrl);
    url.searchParams.set('latitude', latitude.toFixed(4));
    url.searchParams.set('longitude', longitude.toFixed(4));
    url.searchParams.set('daily', 'weathercode,temperature_2m_max,temperature_2m_min');
    url.searchParams.set('timezone', timeZone);
    url.searchParams.set('forecast_days', String(ChartLimits.forecastDaysMax));
    const res = await fetch(url, { signal: AbortSignal.timeout(ChartLimits.forecastTimeoutMs) });
    if (!res.ok) throw new Error(`forecast provider answered HTTP ${res.status}`);
    const days = parseForecast(await res.json());
    if (days === null) throw new Error('forecast provider answered without a daily block');
    return days;
  }
}
