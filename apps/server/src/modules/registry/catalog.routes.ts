import {
  DeviceModel,
  DeviceModelBody,
  DeviceModelQuery,
  DeviceRule,
  DeviceRuleBody,
  DeviceRuleQuery,
  DisplayGroup,
  DisplayGroupCreateBody,
  DisplayGroupKeyParams,
  DisplayGroupUpdateBody,
  Page,
  Perm,
  RegistryCreated,
  RegistryIdParams,
  type PermCode,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { RegistryService } from './registry.service.js';

const tags = ['registry'];
const write = (perm: PermCode, action: AuditAction, target: string) => ({
  perm: [perm],
  audit: { action, target },
});

/** "Display group", "Device rule" and the device models both of them and the station screens pick from. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ registry: RegistryService }> = async (
  app,
  { registry },
) => {
  // ---- Display groups ----

  app.get(
    '/displayGroup/list',
    {
      config: { perm: [Perm.displayGroupView] },
      schema: {
        tags,
        summary: 'Display groups of the register screens, in display order',
        response: responses(Type.Array(DisplayGroup)),
      },
    },
    async () => ok(await registry.groups()),
  );

  app.post(
    '/displayGroup',
    {
      config: write(Perm.displayGroupUpdate, 'displayGroup.create', 'displayGroup'),
      schema: {
        tags,
        summary: 'Add a display group (4009 when the key exists)',
        body: DisplayGroupCreateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.key, nameKey: request.body.nameKey };
      await registry.createGroup(await app.scopeOf(request), request.body);
      return ok(null);
    },
  );

  app.put(
    '/displayGroup/:key',
    {
      config: write(Perm.displayGroupUpdate, 'displayGroup.update', 'displayGroup'),
      schema: {
        tags,
        summary: 'Change the name key and sort order of a display group',
        params: DisplayGroupKeyParams,
        body: DisplayGroupUpdateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.key, nameKey: request.body.nameKey };
      await registry.updateGroup(await app.scopeOf(request), request.params.key, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/displayGroup/:key',
    {
      config: write(Perm.displayGroupUpdate, 'displayGroup.delete', 'displayGroup'),
      schema: {
        tags,
        summary: 'Delete a display group no definition register uses (else 4000 DisplayGroupInUse)',
        params: DisplayGroupKeyParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.key };
      await registry.deleteGroup(await app.scopeOf(request), request.params.key);
      return ok(null);
    },
  );

  // ---- Device rules ----

  app.get(
    '/deviceRule/page',
    {
      config: { perm: [Perm.deviceRuleView] },
      schema: {
        tags,
        summary: 'SN-prefix rules identifying device models, filtered by keyword, device type and model',
        querystring: DeviceRuleQuery,
        response: responses(Page(DeviceRule)),
      },
    },
    async (request) => ok(await registry.rulePage(request.query)),
  );

  app.post(
    '/deviceRule',
    {
      config: write(Perm.deviceRuleUpdate, 'deviceRule.create', 'deviceRule'),
      schema: {
        tags,
        summary: 'Add an SN-prefix rule (4009 when the prefix is taken)',
        body: DeviceRuleBody,
        response: responses(RegistryCreated),
      },
    },
    async (request) => {
      const { snPrefix, modelId } = request.body;
      request.auditDetail = { snPrefix, modelId };
      const id = await registry.createRule(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: id, snPrefix, modelId };
      return ok({ id });
    },
  );

  app.put(
    '/deviceRule/:id',
    {
      config: write(Perm.deviceRuleUpdate, 'deviceRule.update', 'deviceRule'),
      schema: {
        tags,
        summary: 'Change an SN-prefix rule',
        params: RegistryIdParams,
        body: DeviceRuleBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { snPrefix: request.body.snPrefix, modelId: request.body.modelId };
      await registry.updateRule(await app.scopeOf(request), request.params.id, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/deviceRule/:id',
    {
      config: write(Perm.deviceRuleUpdate, 'deviceRule.delete', 'deviceRule'),
      schema: {
        tags,
        summary: 'Delete an SN-prefix rule',
        params: RegistryIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await registry.deleteRule(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );

  // ---- Device models ----

  app.get(
    '/deviceModel/list',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Device models with their protocol definition, optionally of one device type',
        querystring: DeviceModelQuery,
        response: responses(Type.Array(DeviceModel)),
      },
    },
    async (request) => ok(await registry.models(request.query)),
  );

  app.post(
    '/deviceModel',
    {
      config: write(Perm.deviceProtocolUpdate, 'deviceModel.create', 'deviceModel'),
      schema: {
        tags,
        summary: 'Add a device model (4009 when the type already has this model name)',
        body: DeviceModelBody,
        response: responses(RegistryCreated),
      },
    },
    async (request) => {
      const { deviceType, model, definitionId } = request.body;
      request.auditDetail = { deviceType, model, definitionId };
      const id = await registry.createModel(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: id, deviceType, model, definitionId };
      return ok({ id });
    },
  );

  app.put(
    '/deviceModel/:id',
    {
      config: write(Perm.deviceProtocolUpdate, 'deviceModel.update', 'deviceModel'),
      schema: {
        tags,
        summary: 'Change a device model (its definition, rated power, MPPT channels…)',
        params: RegistryIdParams,
        body: DeviceModelBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { deviceType, model, definitionId } = request.body;
      request.auditDetail = { deviceType, model, definitionId };
      await registry.updateModel(await app.scopeOf(request), request.params.id, request.body);
      return ok(null);
    },
  );
};
