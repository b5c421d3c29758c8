// Remote operations (docs/remote.md): registers, storage, forwarding, factory reset. Each call sends
// commands over the command channel and answers with the device's result, or with the commands and their
// state when the device has not answered within the wait. Every call is audited with its outcome.
import {
  FactoryResetBody,
  ForwardingAnswer,
  ForwardingConfig,
  ForwardingGatewayParams,
  ForwardingSettings,
  hasAnyPermission,
  Perm,
  RegisterMapQuery,
  RegisterReadAnswer,
  RegisterReadBody,
  RegisterWriteAnswer,
  RegisterWriteBody,
  RemoteOutcome,
  RemoteRegisterMap,
  StorageDeviceParams,
  StorageSettings,
  StorageSettingsBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { RemoteCaller, RemoteService } from './remote.service.js';

const tags = ['remote'];

/** The audit row's target: the device, or the logger for its own registers. */
const targetOf = (body: { deviceId?: number; gatewayId?: number }): number | undefined =>
  body.deviceId ?? body.gatewayId;
const WAIT =
  'Answers with the device’s result, or — when the device has not answered within the wait (25 s by ' +
  'default, REMOTE_ANSWER_WAIT_MS) — with the commands and their state so far. Bad input answers 4000 and ' +
  'sends nothing; a device under local control answers 4003 remote.localControl.';

export const remoteRoutes: FastifyPluginAsyncTypebox<{ remote: RemoteService }> = async (app, { remote }) => {
  /** Who asks, and the request's signal: a caller gone away stops the wait. */
  const callerOf = async (request: FastifyRequest): Promise<RemoteCaller> => ({
    scope: await app.scopeOf(request),
    userId: sessionOf(request).userId,
    signal: request.signal,
  });

  app.get(
    '/remote/registers',
    {
      config: { perm: [Perm.registerRead] },
      schema: {
        tags,
        summary:
          'The registers of a device (or a logger) by its protocol definition, grouped; nothing is read',
        querystring: RegisterMapQuery,
        response: responses(RemoteRegisterMap),
      },
    },
    async (request) => ok(await remote.registerMap(await app.scopeOf(request), request.query)),
  );

  app.post(
    '/remote/register/read',
    {
      config: { perm: [Perm.registerRead], audit: { action: 'remote.register.read', target: 'device' } },
      schema: {
        tags,
        summary: 'Read a group, every register, or a raw range (address + count) of a device',
        description: WAIT,
        body: RegisterReadBody,
        response: responses(RegisterReadAnswer),
      },
    },
    async (request) => {
      // Recorded before the call, so a refused one (4000, 4003, 4004) is in the trail with what was asked.
      request.auditDetail = { targetId: targetOf(request.body), ...request.body };
      const answer = await remote.read(await callerOf(request), request.body);
      request.auditDetail = {
        ...request.auditDetail,
        state: answer.state,
        commands: answer.commands.map((c) => c.id),
      };
      return ok(answer);
    },
  );

  app.post(
    '/remote/register/write',
    {
      config: { perm: [Perm.registerWrite], audit: { action: 'remote.register.write', target: 'device' } },
      schema: {
        tags,
        summary: 'Write registers (by key, or raw address with hex), then read them back',
        description: `${WAIT} A write whose read-back differs is answered with applied: false.`,
        body: RegisterWriteBody,
        response: responses(RegisterWriteAnswer),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: targetOf(request.body), ...request.body };
      const answer = await remote.write(await callerOf(request), request.body);
      request.auditDetail = {
        ...request.auditDetail,
        state: answer.state,
        applied: answer.applied,
        commands: answer.commands.map((c) => c.id),
      };
      return ok(answer);
    },
  );

  app.get(
    '/remote/storage/:deviceId',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'A battery’s storage mode (read from the device now) and the periods last sent',
        description:
          `${WAIT} The mode is read only for callers holding register:read or storage:update; others ` +
          'get what was last sent, with mode null and no command.',
        params: StorageDeviceParams,
        response: responses(StorageSettings),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      // Reading the mode sends a command: only for callers who may read registers or change storage.
      const readDevice = hasAnyPermission(session.permissions, [Perm.registerRead, Perm.storageUpdate]);
      return ok(await remote.storage(await callerOf(request), request.params.deviceId, readDevice));
    },
  );

  app.put(
    '/remote/storage/:deviceId',
    {
      config: { perm: [Perm.storageUpdate], audit: { action: 'remote.storage.update', target: 'device' } },
      schema: {
        tags,
        summary: 'Set a battery’s storage mode (storage.mode) and time-shared periods (storage.timeSlots)',
        description: WAIT,
        params: StorageDeviceParams,
        body: StorageSettingsBody,
        response: responses(StorageSettings),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.deviceId, ...request.body };
      const answer = await remote.setStorage(await callerOf(request), request.params.deviceId, request.body);
      request.auditDetail = {
        ...request.auditDetail,
        state: answer.state,
        commands: answer.commands.map((c) => c.id),
      };
      return ok(answer);
    },
  );

  app.get(
    '/remote/forwarding/:gatewayId',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'A logger’s protocol forwarding as last sent, with the state of its command',
        params: ForwardingGatewayParams,
        response: responses(ForwardingSettings),
      },
    },
    async (request) => ok(await remote.forwarding(await app.scopeOf(request), request.params.gatewayId)),
  );

  app.put(
    '/remote/forwarding/:gatewayId',
    {
      config: {
        perm: [Perm.forwardingUpdate],
        audit: { action: 'remote.forwarding.update', target: 'gateway' },
      },
      schema: {
        tags,
        summary: 'Set a logger’s protocol forwarding (forwarding.set)',
        description: WAIT,
        params: ForwardingGatewayParams,
        body: ForwardingConfig,
        response: responses(ForwardingAnswer),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.gatewayId, protocol: request.body.protocol };
      const answer = await remote.setForwarding(
        await callerOf(request),
        request.params.gatewayId,
        request.body,
      );
      request.auditDetail = {
        ...request.auditDetail,
        state: answer.state,
        commands: answer.commands.map((c) => c.id),
      };
      return ok(answer);
    },
  );

  app.post(
    '/remote/factoryReset',
    {
      config: {
        perm: [Perm.deviceFactoryReset],
        audit: { action: 'remote.factoryReset', target: 'device' },
      },
      schema: {
        tags,
        summary: 'Factory reset a device (only in standby; `confirm` must be its SN)',
        description: `${WAIT} A device not in standby answers FAILED not-in-standby.`,
        body: FactoryResetBody,
        response: responses(RemoteOutcome),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.deviceId };
      const answer = await remote.factoryReset(await callerOf(request), request.body);
      request.auditDetail = {
        ...request.auditDetail,
        state: answer.state,
        commands: answer.commands.map((c) => c.id),
      };
      return ok(answer);
    },
  );
};
