import {
  CommandCreateBody,
  CommandIdParams,
  CommandQuery,
  CommandView,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { CommandsService, type WarnLog } from './commands.service.js';

const tags = ['commands'];

/**
 * Commands to loggers. Sending is audited by the route (`command.create`, answered with the command);
 * each command's end (DONE / FAILED / EXPIRED) is audited by the service when it happens.
 */
export const commandRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  log?: WarnLog;
  onEnqueued?: () => void;
}> = async (app, opts) => {
  const commands = new CommandsService(opts);

  app.post(
    '/gateway/command',
    {
      config: { perm: [Perm.commandSend], audit: { action: 'command.create', target: 'command' } },
      schema: {
        tags,
        summary: 'Send a command to a logger (or a device behind it); expires after ttlSeconds',
        description:
          'Idempotent: the same idempotencyKey on the same logger answers the existing command (any state) ' +
          'and sends nothing again. The device, when given, must be connected to the logger.',
        body: CommandCreateBody,
        response: responses(CommandView),
      },
    },
    async (request) => {
      const { gatewayId, deviceId, name, idempotencyKey, ttlSeconds } = request.body;
      request.auditDetail = { gatewayId, deviceId, name, idempotencyKey, ttlSeconds };
      const session = sessionOf(request);
      const { command, created } = await commands.create(
        await app.scopeOf(request),
        session.userId,
        request.body,
      );
      request.auditDetail = {
        targetId: command.id,
        gatewayId,
        deviceId,
        name,
        idempotencyKey,
        ttlSeconds,
        created,
      };
      return ok(command);
    },
  );

  app.get(
    '/gateway/command/page',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Commands of the loggers within your reach, newest first',
        querystring: CommandQuery,
        response: responses(Page(CommandView)),
      },
    },
    async (request) => ok(await commands.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/gateway/command/:id',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'One command with its state, result and firmware progress',
        params: CommandIdParams,
        response: responses(CommandView),
      },
    },
    async (request) => ok(await commands.detail(await app.scopeOf(request), request.params.id)),
  );

  // ---- The command centre (Step 5b, docs/remote.md "Command centre"). SKELETON on the s5b branches. ----

  app.get(
    '/command/page',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary:
          'Every command within your reach with who, what, when and state; filters by station, device, user',
        querystring: CommandQuery,
        response: responses(Page(CommandView)),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );

  app.get(
    '/command/:id',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'One command with its state, result and firmware progress',
        params: CommandIdParams,
        response: responses(CommandView),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );

  app.post(
    '/command/:id/retry',
    {
      config: { perm: [Perm.commandSend], audit: { action: 'command.retry', target: 'command' } },
      schema: {
        tags,
        summary: 'Send a FAILED or EXPIRED command again (a new command, retryOf the old one)',
        params: CommandIdParams,
        response: responses(CommandView),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );
};
