import {
  ChartLimits,
  ElectricityChartData,
  ElectricityChartQuery,
  ElectricityChartShareQuery,
  Perm,
  PowerChartData,
  PowerChartQuery,
  PowerChartShareQuery,
  StationWeather,
  WeatherQuery,
  WeatherShareQuery,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { Errors } from '../../lib/errors.js';
import { RateLimitRepository } from '../security/rate-limit.repository.js';
import { ForecastClient } from './forecast.js';
import type { StationAnswersOptions } from '../stations/station-answers.js';
import { StationChartsService } from './station-charts.service.js';

const tags = ['station-charts'];
const shareDescription =
  'Public (no login): the token of an active share link. Unknown, expired and revoked tokens answer 4004 alike; ' +
  `at most ${ChartLimits.shareRequestsMax} requests per address and ${ChartLimits.shareWindowSeconds} s.`;

/** Power curve, energy chart and weather of a station, and their public /share variants. */
export const stationChartsRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  weatherForecastUrl: string | null;
  answers?: StationAnswersOptions;
}> = async (app, { db, clock, weatherForecastUrl, answers }) => {
  const forecast = new ForecastClient(weatherForecastUrl, app.log, () => clock.now().getTime());
  const service = new StationChartsService(db, clock, forecast, answers);
  const rate = new RateLimitRepository(db);

  /** Public share routes: one fixed-window budget per client address, shared by all API copies. */
  const throttle = async (request: FastifyRequest): Promise<void> => {
    const limit = [
      {
        key: `share:chart:${request.ip}`,
        windowSeconds: ChartLimits.shareWindowSeconds,
        max: ChartLimits.shareRequestsMax,
      },
    ];
    const now = clock.now();
    if (await rate.exceeded(limit, now)) throw Errors.tooMany();
    await rate.hit(limit, now);
  };

  app.get(
    '/station/powerChartData',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Power of a station-local day in 5-minute buckets: PV, load, grid, battery, state of charge',
        description: 'Buckets without readings are null (gaps), never zero; `gaps` lists them as ranges.',
        querystring: PowerChartQuery,
        response: responses(PowerChartData),
      },
    },
    async (request) =>
      ok(
        await service.powerChart(
          { scope: await app.scopeOf(request), stationId: request.query.stationId },
          request.query.date,
        ),
      ),
  );

  app.get(
    '/station/powerChartData/share',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The power chart of a shared station',
        description: shareDescription,
        querystring: PowerChartShareQuery,
        response: responses(PowerChartData),
      },
    },
    async (request) => {
      await throttle(request);
      return ok(await service.powerChart({ token: request.query.token }, request.query.date));
    },
  );

  app.get(
    '/station/electricityChartData',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary:
          'Energy, income, storage and grid figures per hour (DAY), day (MONTH), month (YEAR) or year (TOTAL)',
        description:
          'From the station rollups; periods without data are null. Income in the station currency.',
        querystring: ElectricityChartQuery,
        response: responses(ElectricityChartData),
      },
    },
    async (request) =>
      ok(
        await service.electricityChart(
          { scope: await app.scopeOf(request), stationId: request.query.stationId },
          request.query.dimension,
          request.query.date,
        ),
      ),
  );

  app.get(
    '/station/electricityChartData/share',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The energy chart of a shared station',
        description: shareDescription,
        querystring: ElectricityChartShareQuery,
        response: responses(ElectricityChartData),
      },
    },
    async (request) => {
      await throttle(request);
      return ok(
        await service.electricityChart(
          { token: request.query.token },
          request.query.dimension,
          request.query.date,
        ),
      );
    },
  );

  app.get(
    '/station/weather',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Current weather from the station’s weather sensor and, when configured, a daily forecast',
        querystring: WeatherQuery,
        response: responses(StationWeather),
      },
    },
    async (request) =>
      ok(await service.weather({ scope: await app.scopeOf(request), stationId: request.query.stationId })),
  );

  app.get(
    '/station/weather/share',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The weather of a shared station',
        description: shareDescription,
        querystring: WeatherShareQuery,
        response: responses(StationWeather),
      },
    },
    async (request) => {
      await throttle(request);
      return ok(await service.weather({ token: request.query.token }));
    },
  );
};
