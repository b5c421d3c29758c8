import multipart from '@fastify/multipart';
import {
  IdParams,
  ImageUploadLimits,
  Page,
  Perm,
  StationAssignBody,
  StationCreateBody,
  StationDetail,
  StationIdData,
  StationIndexQuery,
  StationIndexStats,
  StationLimits,
  StationListQuery,
  StationLocation,
  StationNameBody,
  StationNameQuery,
  StationPhotoData,
  StationSimpleItem,
  StationStats,
  StationStatsQuery,
  StationSummary,
  StationUpdateBody,
  StationUpgradeItem,
  StationUpgradeQuery,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { cleanImage, readUpload } from '../files/image-upload.js';
import type { StationAnswersOptions } from './station-answers.js';
import { StationsService, type StationCaller } from './stations.service.js';

const tags = ['stations'];
const statusRule =
  'Status (SPEC §4, packages/domain): OTHER without loggers; OFFLINE when every logger is silent; ABNORMAL ' +
  'when some logger is silent or a logger or device has an open URGENT/IMPORTANT alarm; otherwise ONLINE.';

/** Stations: lists, detail, KPIs and stats, create/update/delete, assign, rename, follow, photos. */
export const stationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  answers?: StationAnswersOptions;
}> = async (app, { db, clock, answers }) => {
  // Registered here, not app-wide: only the photo upload accepts multipart bodies.
  await app.register(multipart, {
    limits: { files: 1, fileSize: ImageUploadLimits.maxBytes, fields: 5, parts: 6 },
  });
  const service = new StationsService(db, clock, answers);
  const caller = async (request: FastifyRequest): Promise<StationCaller> => ({
    scope: await app.scopeOf(request),
    userId: sessionOf(request).userId,
  });

  app.get(
    '/station/list',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Stations within your reach, ordered by name, with status, power now and energy',
        description: `${statusRule} powerKw: inverters reporting now; todayKwh/totalKwh from the rollups in the station's time zone.`,
        querystring: StationListQuery,
        response: responses(Page(StationSummary)),
      },
    },
    async (request) => ok(await service.list(await caller(request), request.query)),
  );

  app.get(
    '/station/simple/list',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: `Ids and names of stations within your reach (at most ${StationLimits.simpleListMax}), by name`,
        querystring: StationNameQuery,
        response: responses(Type.Array(StationSimpleItem)),
      },
    },
    async (request) => ok(await service.simpleList(await caller(request), request.query.name)),
  );

  app.get(
    '/station/upgrade/list',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Stations within your reach that have loggers, with logger and device counts',
        querystring: StationUpgradeQuery,
        response: responses(Page(StationUpgradeItem)),
      },
    },
    async (request) => ok(await service.upgradeList(await caller(request), request.query)),
  );

  app.get(
    '/station/stats/index',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Home KPIs of every station within your reach',
        description:
          'Energy from the station rollups, each station in its own calendar; income converted to `currency` ' +
          '(default: the currency most stations in reach are priced in, else that of the region of the caller’s ' +
          'mobile dialling code, else USD) through the exchange rates of the currencies table; impact factors ' +
          'in docs/stations.md.',
        querystring: StationIndexQuery,
        response: responses(StationIndexStats),
      },
    },
    async (request) => ok(await service.indexStats(await caller(request), request.query.currency)),
  );

  app.get(
    '/station/stats',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Energy, income, yield, impact and the energy flow now of one station',
        description:
          'flow: from the newest readings of devices that report; gridKw + import / − export, batteryKw ' +
          '+ charge / − discharge; a member is null when no device of that kind reports.',
        querystring: StationStatsQuery,
        response: responses(StationStats),
      },
    },
    async (request) => ok(await service.stats(await caller(request), request.query.stationId)),
  );

  app.get(
    '/station/locations',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Stations within your reach that have coordinates, with their status (for the map)',
        response: responses(Type.Array(StationLocation)),
      },
    },
    async (request) => ok(await service.locations(await caller(request))),
  );

  app.post(
    '/station',
    {
      config: { perm: [Perm.stationCreate], audit: { action: 'station.create', target: 'station' } },
      schema: {
        tags,
        summary: 'Create a station',
        description:
          'companyId (default yours) and ownerUserId must be within your reach (4004 otherwise); the owner must be ' +
          'an owner account. Both coordinates or neither; timeZone an IANA zone; currency from the currency list.',
        body: StationCreateBody,
        response: responses(StationIdData),
      },
    },
    async (request) => {
      const created = await service.create(await caller(request), request.body);
      request.auditDetail = { targetId: created.id, name: request.body.name };
      return ok(created);
    },
  );

  app.put(
    '/station',
    {
      config: { perm: [Perm.stationUpdate], audit: { action: 'station.update', target: 'station' } },
      schema: {
        tags,
        summary: 'Update a station (optional fields left out stay as they are)',
        body: StationUpdateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.id };
      await service.update(await caller(request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/station/:id',
    {
      config: { perm: [Perm.stationDelete], audit: { action: 'station.delete', target: 'station' } },
      schema: {
        tags,
        summary: "Delete a station: its loggers go back unbound to the station's company",
        description:
          'Follows, share links, subscriptions, rollups and pictures of the station go; device data stays.',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await service.delete(await caller(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/station/assign',
    {
      config: { perm: [Perm.stationAssign], audit: { action: 'station.assign', target: 'station' } },
      schema: {
        tags,
        summary:
          'Move stations to a company and/or an owner account (all within your reach, or nothing changes)',
        body: StationAssignBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { ...request.body };
      await service.assign(await caller(request), request.body);
      return ok(null);
    },
  );

  app.put(
    '/station/name',
    {
      config: { perm: [Perm.stationUpdate], audit: { action: 'station.rename', target: 'station' } },
      schema: {
        tags,
        summary: 'Rename a station',
        body: StationNameBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.id, name: request.body.name };
      await service.rename(await caller(request), request.body);
      return ok(null, 'RenameSucceeded');
    },
  );

  app.post(
    '/station/photo',
    {
      config: {
        perm: [Perm.stationCreate, Perm.stationUpdate],
        audit: { action: 'station.photo', target: 'file' },
      },
      schema: {
        tags,
        summary: 'Upload a station picture; use its fileId in the pictures of POST/PUT /station',
        description:
          `multipart/form-data with one part named \`file\`: a .png, .jpg or .jpeg of at most ${ImageUploadLimits.maxBytes} ` +
          `bytes whose content really is PNG or JPEG; stored re-encoded without metadata within ${StationLimits.photoMaxEdgePx} px.`,
        consumes: ['multipart/form-data'],
        response: responses(StationPhotoData),
      },
    },
    async (request) => {
      const upload = await readUpload(request);
      const image = await cleanImage(upload.filename, upload.bytes, StationLimits.photoMaxEdgePx);
      const stored = await service.storePhoto(await caller(request), image);
      request.auditDetail = { targetId: stored.fileId, size: image.bytes.length };
      return ok(stored);
    },
  );

  app.post(
    '/station/:id/concern',
    {
      config: { perm: [Perm.stationView], audit: { action: 'station.follow', target: 'station' } },
      schema: {
        tags,
        summary: 'Follow a station (idempotent)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await service.concern(await caller(request), request.params.id, true);
      return ok(null);
    },
  );

  app.put(
    '/station/:id/unconcern',
    {
      config: { perm: [Perm.stationView], audit: { action: 'station.unfollow', target: 'station' } },
      schema: {
        tags,
        summary: 'Stop following a station (idempotent)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await service.concern(await caller(request), request.params.id, false);
      return ok(null);
    },
  );

  app.get(
    '/station/:id',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'One station with its pictures and energy (4004 when missing or outside your reach)',
        description: statusRule,
        params: IdParams,
        response: responses(StationDetail),
      },
    },
    async (request) => ok(await service.detail(await caller(request), request.params.id)),
  );
};
