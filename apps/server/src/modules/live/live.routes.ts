// GET /live: a Server-Sent Events stream of one station, logger or device, GET /live/alarms: the
// alarm changes in the caller's reach (docs/charts.md "Live updates"), and GET /live/commands: the command
// changes in it (docs/remote.md). Everything that can fail — the target, the permission, tenancy, the
// per-user limit — is checked before the stream starts, so refusals are ordinary envelopes; afterwards the stream carries
// `latest` and `status` events and a heartbeat comment, and ends when the session does.
import {
  ErrorEnvelope,
  hasAnyPermission,
  LiveLimits,
  LiveMessage,
  LiveQuery,
  Perm,
  REQUEST_ID_HEADER,
  type LiveEvent,
  type PermCode,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { invalidField } from '../reference/sql-helpers.js';
import { recentCurve } from '../station-charts/station-charts.service.js';
import { StationsService } from '../stations/stations.service.js';
import type { UnreadAlarmCounts } from '../alarms/unread-counts.js';
import { AlarmHub } from './alarm.hub.js';
import { CommandHub } from './command.hub.js';
import { LiveHub, type StationFeed } from './live.hub.js';
import { LiveRepository, type LiveTarget } from './live.repository.js';

const PERM_OF: Record<LiveTarget['kind'], PermCode> = {
  station: Perm.stationView,
  gateway: Perm.gatewayView,
  device: Perm.deviceView,
};

function targetOf(query: LiveQuery): LiveTarget {
  const named: LiveTarget[] = [];
  if (query.stationId !== undefined) named.push({ kind: 'station', id: query.stationId });
  if (query.gatewayId !== undefined) named.push({ kind: 'gateway', id: query.gatewayId });
  if (query.deviceId !== undefined) named.push({ kind: 'device', id: query.deviceId });
  const [only] = named;
  if (named.length !== 1 || only === undefined)
    throw invalidField('querystring', LiveMessage.oneTarget, 'exactly one of stationId, gatewayId, deviceId');
  return only;
}

const frame = (event: LiveEvent): string => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

export const liveRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  unreadAlarms: UnreadAlarmCounts;
  /** Poll interval overrides (tests). */
  pollIntervalMs?: number;
  alarmPollIntervalMs?: number;
  heartbeatMs?: number;
}> = async (app, { db, clock, changes, unreadAlarms, pollIntervalMs, alarmPollIntervalMs, heartbeatMs }) => {
  const now = (): number => clock.now().getTime();
  const hub = new LiveHub(db, now, app.log, pollIntervalMs);
  const repo = new LiveRepository(db);
  const stations = new StationsService(db, clock);
  const streamsOf = new Map<number, number>();
  const closers = new Set<() => void>();

  const alarmHub = new AlarmHub(db, changes, unreadAlarms, app.log, alarmPollIntervalMs);
  const commandHub = new CommandHub(db, changes, app.log);

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
    hub.close();
    alarmHub.close();
    commandHub.close();
  });

  /**
   * Counts the stream against the user's limit, then turns the reply into an event stream with a
   * heartbeat that also checks the session; `subscribe` answers the function that stops the feed.
   */
  const stream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    subscribe: (send: (event: LiveEvent) => void, close: () => void) => Promise<() => void>,
  ): Promise<void> => {
    const session = sessionOf(request);
    const open = streamsOf.get(session.userId) ?? 0;
    if (open >= LiveLimits.streamsPerUserMax) throw Errors.tooMany();
    streamsOf.set(session.userId, open + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      [REQUEST_ID_HEADER]: request.id,
    });
    res.write(`retry: ${LiveLimits.retryMs}\n\n`);

    let closed = false;
    let unsubscribe: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    const close = (): void => {
      if (closed) return;
      closed = true;
      closers.delete(close);
      if (heartbeat !== null) clearInterval(heartbeat);
      unsubscribe?.();
      const left = (streamsOf.get(session.userId) ?? 1) - 1;
      if (left > 0) streamsOf.set(session.userId, left);
      else streamsOf.delete(session.userId);
      res.end();
    };
    closers.add(close);
    // The response's close, not the request's: a request without a body may count as closed once read.
    res.on('close', close);
    res.on('error', close);

    const send = (event: LiveEvent): void => {
      if (!closed) res.write(frame(event));
    };
    heartbeat = setInterval(() => {
      void repo
        .sessionLive(session.sessionId, now())
        .then((live) => {
          if (!live) close();
          else if (!closed) res.write(': heartbeat\n\n');
        })
        .catch(() => close());
    }, heartbeatMs ?? LiveLimits.heartbeatMs);
    try {
      const stop = await subscribe(send, close);
      if (closed) stop();
      else unsubscribe = stop;
    } catch (error) {
      request.log.warn({ err: error }, 'live subscription failed');
      close();
    }
  };

  app.get(
    '/live',
    {
      // A stream stays open for as long as the page does: it must not hold background work back.
      config: { perm: [Perm.stationView, Perm.gatewayView, Perm.deviceView], foreground: false },
      schema: {
        tags: ['live'],
        summary: 'Live values and statuses of a station, logger or device (Server-Sent Events)',
        description:
          'Exactly one of stationId, gatewayId, deviceId. text/event-stream with `event: latest` ' +
          '{deviceId, ts, values} and `event: status` {kind STATION|GATEWAY|DEVICE, id, status}; station ' +
          'streams also carry `event: stats` (the answer of GET /station/stats after new readings) and ' +
          "`event: curve` (the newest buckets of today's power curve, in the power chart's shape); a comment " +
          `line every ${LiveLimits.heartbeatMs / 1000} s. Refusals (4000/4003/4004/4029) are JSON envelopes sent before the stream starts.`,
        querystring: LiveQuery,
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const target = targetOf(request.query);
      const session = sessionOf(request);
      if (!hasAnyPermission(session.permissions, [PERM_OF[target.kind]])) throw Errors.forbidden();
      if (!(await repo.reachable(await app.scopeOf(request), target))) throw Errors.notFound();
      await stream(request, reply, async (send) => {
        const caller = { scope: await app.scopeOf(request), userId: session.userId };
        const feed: StationFeed | null =
          target.kind === 'station'
            ? {
                stats: () => stations.stats(caller, target.id),
                curve: () => recentCurve(db, now(), target.id),
              }
            : null;
        return hub.subscribe(target, send, feed);
      });
    },
  );

  app.get(
    '/live/alarms',
    {
      config: { perm: [Perm.alarmView], foreground: false },
      schema: {
        tags: ['live'],
        summary: "Alarm changes in the caller's reach (Server-Sent Events)",
        description:
          'text/event-stream: `event: unread` {unreadAlarmCount} when it opens, then `event: alarm` ' +
          '{id, kind, alarmId, stationId, level, state, unreadAlarmCount} for every alarm transition ' +
          "(alarm_events row) in the caller's reach; a comment line every " +
          `${LiveLimits.heartbeatMs / 1000} s. Refusals (4003/4029) are JSON envelopes sent before the stream starts.`,
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const scope = await app.scopeOf(request);
      await stream(request, reply, (send, close) =>
        alarmHub.subscribe({ scope, roleId: session.roleId, send, close }),
      );
    },
  );

  app.get(
    '/live/commands',
    {
      config: { perm: [Perm.gatewayView], foreground: false },
      schema: {
        tags: ['live'],
        summary: "Command changes in the caller's reach (Server-Sent Events), for the command centre",
        description:
          'text/event-stream: `event: command` with the command as GET /command/{id} answers it, whenever a ' +
          "command in the caller's reach is created or changes state (sent, acknowledged, done, failed, " +
          'expired); quick successive changes may arrive as one. The stream ends when the server cannot be ' +
          'sure it saw every change (the client reconnects and reloads). A comment line every ' +
          `${LiveLimits.heartbeatMs / 1000} s. Refusals (4003/4029) are JSON envelopes sent before the stream starts.`,
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const scope = await app.scopeOf(request);
      await stream(request, reply, async (send, close) =>
        commandHub.subscribe({ scope, roleId: session.roleId, send, close }),
      );
    },
  );
};
