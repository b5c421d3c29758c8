import {
  Page,
  Perm,
  ReferenceIdParams,
  TimeZone,
  TimeZoneCreateBody,
  TimeZonePageQuery,
  TimeZoneUpdateBody,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];
const writeConfig = (action: AuditAction) => ({
  perm: [Perm.referenceUpdate],
  audit: { action, target: 'timezone' },
});

export const timeZoneRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/timezone/page',
    {
      schema: {
        tags,
        summary: 'Time zones (IANA name, standard offset in minutes), by offset (any logged-in user)',
        querystring: TimeZonePageQuery,
        response: responses(Page(TimeZone)),
      },
    },
    async (request) => ok(await reference.timeZonePage(request.query)),
  );

  app.post(
    '/timezone',
    {
      config: writeConfig('timezone.create'),
      schema: {
        tags,
        summary: "Add an IANA time zone (platform, reference:update); the offset defaults to the zone's own",
        body: TimeZoneCreateBody,
        response: responses(TimeZone),
      },
    },
    async (request) => {
      const zone = await reference.createTimeZone(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: zone.id, name: zone.name, offsetMinutes: zone.offsetMinutes };
      return ok(zone);
    },
  );

  app.put(
    '/timezone',
    {
      config: writeConfig('timezone.update'),
      schema: {
        tags,
        summary: 'Change a time zone',
        body: TimeZoneUpdateBody,
        response: responses(TimeZone),
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      request.auditDetail = { targetId: id };
      const zone = await reference.updateTimeZone(await app.scopeOf(request), id, body);
      request.auditDetail = { targetId: id, name: zone.name, offsetMinutes: zone.offsetMinutes };
      return ok(zone);
    },
  );

  app.delete(
    '/timezone/:id',
    {
      config: writeConfig('timezone.delete'),
      schema: {
        tags,
        summary: 'Delete a time zone',
        params: ReferenceIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await reference.deleteTimeZone(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
