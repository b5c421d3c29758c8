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

  const page = {
    config: { perm: [Perm.gatewayView] },
    schema: {
      tags,
      summary:
        'Every command within your reach with who, what, when and state, newest first; filters by ' +
        'station, logger, device, user, state and name',
      querystring: CommandQuery,
      response: responses(Page(CommandView)),
    },
  } as const;
  const detail = {
    config: { perm: [Perm.gatewayView] },
    schema: {
      tags,
      summary: 'One command with its state, result and firmware progress',
      params: CommandIdParams,
      response: responses(CommandView),
    },
  } as const;

  // The command centre (docs/remote.md "Command centre") and the logger page's older paths: one code.
  for (const prefix of ['/command', '/gateway/command']) {
    app.get(`${prefix}/page`, page, async (request) =>
      ok(await commands.page(await app.scopeOf(request), request.query)),
    );
    app.get(`${prefix}/:id`, detail, async (request) =>
      ok(await commands.detail(await app.scopeOf(request), request.params.id)),
    );
  }

  app.post(
    '/command/:id/retry',
    {
      config: { perm: [Perm.commandSend], audit: { action: 'command.retry', target: 'command' } },
      schema: {
        tags,
        summary: 'Send a FAILED or EXPIRED command again (a new command, retryOf the old one)',
        description:
          'Same logger, device, name and params, a new idempotency key and the original time to live from ' +
          'now. Needs command:send and the permission of the operation itself (register:write for ' +
          'register.write, storage:update for storage.*, …). A command in another state answers 4000 ' +
          'command.retryNotEnded; a device now under local control refuses state-changing commands (4003 ' +
          'remote.localControl). Retrying twice while the new command is open answers that command.',
        params: CommandIdParams,
        response: responses(CommandView),
      },
    },
    async (request) => {
      request.auditDetail = { retryOf: request.params.id };
      const session = sessionOf(request);
      const { command, created } = await commands.retry(
        { scope: await app.scopeOf(request), userId: session.userId, permissions: session.permissions },
        request.params.id,
      );
      request.auditDetail = {
        targetId: command.id,
        retryOf: request.params.id,
        gatewayId: command.gatewayId,
        deviceId: command.deviceId,
        name: command.name,
        created,
      };
      return ok(command);
    },
  );
};
