import {
  AlarmAckBody,
  AlarmActionResult,
  AlarmClearBody,
  AlarmDetail,
  AlarmIdsBody,
  AlarmItem,
  AlarmQuery,
  AlarmSnoozeBody,
  IdParams,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok, responses } from '../../lib/envelope.js';
import type { AlarmsService } from './alarms.service.js';

const tags = ['alarms'];

const FOREIGN =
  'Every id must name an alarm within your reach: one missing or foreign id answers 4004 and nothing changes.';

/** The alarm list and life cycle. Actions are audited with the ids they named. */
export const alarmRoutes: FastifyPluginAsyncTypebox<{ alarms: AlarmsService }> = async (app, { alarms }) => {
  const audit = (request: FastifyRequest, ids: number[], changed: number, extra: object = {}): void => {
    request.auditDetail = { targetId: ids.slice(0, 20).join(','), ids, changed, ...extra };
  };

  app.get(
    '/alarm/page',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'Alarm and event records within your reach (fleet-wide), newest first unless sorted',
        description:
          'state: OPEN (neither acknowledged nor cleared), ACKNOWLEDGED (not cleared), CLEARED; from/to on ' +
          'the start time; sort by startedAt (default), lastSeenAt, level (by severity) or code.',
        querystring: AlarmQuery,
        response: responses(Page(AlarmItem)),
      },
    },
    async (request) => ok(await alarms.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/alarm/:id',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'One alarm with its life-cycle events',
        params: IdParams,
        response: responses(AlarmDetail),
      },
    },
    async (request) => ok(await alarms.detail(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/alarm/ack',
    {
      config: { perm: [Perm.alarmUpdate], audit: { action: 'alarm.acknowledge', target: 'alarm' } },
      schema: {
        tags,
        summary: 'Acknowledge alarms (open ones not yet acknowledged; an ACKNOWLEDGED event each)',
        description: FOREIGN,
        body: AlarmAckBody,
        response: responses(AlarmActionResult),
      },
    },
    async (request) => {
      const { ids, note } = request.body;
      const changed = await alarms.acknowledge(await app.scopeOf(request), ids, note);
      audit(request, ids, changed, note === undefined ? {} : { note });
      return ok({ changed });
    },
  );

  app.post(
    '/alarm/clear',
    {
      config: { perm: [Perm.alarmUpdate], audit: { action: 'alarm.clear', target: 'alarm' } },
      schema: {
        tags,
        summary: 'Clear alarms by hand with a reason (open ones; a CLEARED event each)',
        description: FOREIGN,
        body: AlarmClearBody,
        response: responses(AlarmActionResult),
      },
    },
    async (request) => {
      const { ids, reason } = request.body;
      const changed = await alarms.clear(await app.scopeOf(request), ids, reason);
      audit(request, ids, changed, { reason });
      return ok({ changed });
    },
  );

  app.post(
    '/alarm/read',
    {
      config: { perm: [Perm.alarmView], audit: { action: 'alarm.read', target: 'alarm' } },
      schema: {
        tags,
        summary: 'Mark alarms read for yourself',
        description: FOREIGN,
        body: AlarmIdsBody,
        response: responses(AlarmActionResult),
      },
    },
    async (request) => {
      const { ids } = request.body;
      const changed = await alarms.read(await app.scopeOf(request), ids);
      audit(request, ids, changed);
      return ok({ changed });
    },
  );

  app.post(
    '/alarm/snooze',
    {
      config: { perm: [Perm.alarmUpdate], audit: { action: 'alarm.snooze', target: 'alarm' } },
      schema: {
        tags,
        summary: 'Snooze open alarms until a later time; still open then → a SNOOZE_ENDED event',
        description: FOREIGN,
        body: AlarmSnoozeBody,
        response: responses(AlarmActionResult),
      },
    },
    async (request) => {
      const { ids, until } = request.body;
      const changed = await alarms.snooze(await app.scopeOf(request), ids, until);
      audit(request, ids, changed, { until });
      return ok({ changed });
    },
  );
};
