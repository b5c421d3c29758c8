import {
  DeviceHistory,
  DeviceHistoryQuery,
  DeviceLatest,
  DeviceRollup,
  IdParams,
  PacketLoss,
  PacketLossQuery,
  Perm,
  RollupQuery,
  StationRollup,
  StationStatusSummary,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { TelemetryService } from './telemetry.service.js';

const tags = ['telemetry'];

/** Device and station data: latest values, history, rollups, status and packet loss (alarms: modules/alarms). */
export const telemetryRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const service = new TelemetryService(db, clock);

  app.get(
    '/device/:id/latest',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Newest decoded values of a device and its status (RUNNING / FAULT / OFFLINE / OTHER)',
        params: IdParams,
        response: responses(DeviceLatest),
      },
    },
    async (request) => ok(await service.latest(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/device/:id/history',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Stored readings between from and to (epoch ms, inclusive, at most 31 days) for charts',
        description: 'Missing readings stay missing: nothing is interpolated or filled with zeros.',
        params: IdParams,
        querystring: DeviceHistoryQuery,
        response: responses(DeviceHistory),
      },
    },
    async (request) =>
      ok(await service.history(await app.scopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/device/:id/rollup',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Hourly, daily or monthly energy of a device between two local dates of its station',
        description: 'hour: at most 31 days; day: at most 366 days; month: at most 120 months.',
        params: IdParams,
        querystring: RollupQuery,
        response: responses(DeviceRollup),
      },
    },
    async (request) =>
      ok(await service.deviceRollup(await app.scopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/station/:id/rollup',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Hourly, daily or monthly energy, yield and income of a station between two local dates',
        description: 'hour: at most 31 days; day: at most 366 days; month: at most 120 months.',
        params: IdParams,
        querystring: RollupQuery,
        response: responses(StationRollup),
      },
    },
    async (request) =>
      ok(await service.stationRollup(await app.scopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/station/:id/status',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary:
          'Station status (ONLINE / ABNORMAL / OFFLINE / OTHER) with its loggers and devices counted by status',
        params: IdParams,
        response: responses(StationStatusSummary),
      },
    },
    async (request) => ok(await service.stationStatus(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/station/lossPacket/gateway/data',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Telemetry packet loss of a logger per UTC day (received, expected, lost, duplicates)',
        querystring: PacketLossQuery,
        response: responses(PacketLoss),
      },
    },
    async (request) => ok(await service.packetLoss(await app.scopeOf(request), request.query)),
  );
};
