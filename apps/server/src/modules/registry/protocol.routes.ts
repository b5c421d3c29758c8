import {
  Page,
  Perm,
  ProtocolDefinitionBody,
  ProtocolDefinitionDetail,
  ProtocolDefinitionQuery,
  ProtocolDefinitionSummary,
  RegistryCreated,
  RegistryIdParams,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { RegistryService } from './registry.service.js';

const tags = ['registry'];
const READ = { perm: [Perm.deviceProtocolView] };
const write = (action: AuditAction) => ({
  perm: [Perm.deviceProtocolUpdate],
  audit: { action, target: 'protocolDefinition' },
});

/** "Device protocol": register maps as data. */
export const protocolRoutes: FastifyPluginAsyncTypebox<{ registry: RegistryService }> = async (
  app,
  { registry },
) => {
  app.get(
    '/deviceProtocol/page',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Protocol definitions, filtered by keyword (code or name) and device type',
        querystring: ProtocolDefinitionQuery,
        response: responses(Page(ProtocolDefinitionSummary)),
      },
    },
    async (request) => ok(await registry.definitionPage(request.query)),
  );

  app.get(
    '/deviceProtocol/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One protocol definition with its register map',
        params: RegistryIdParams,
        response: responses(ProtocolDefinitionDetail),
      },
    },
    async (request) => ok(await registry.definitionDetail(request.params.id)),
  );

  app.post(
    '/deviceProtocol',
    {
      config: write('deviceProtocol.create'),
      schema: {
        tags,
        summary: 'Create a protocol definition (also how a built-in one is copied: same map, new code)',
        description:
          'The register map is checked: unique keys, no overlapping address ranges, counts that fit the data ' +
          'type, min ≤ max, min and max on writable numbers, one register per column, existing display ' +
          'groups (4000 naming each register). A taken code answers 4009.',
        body: ProtocolDefinitionBody,
        response: responses(RegistryCreated),
      },
    },
    async (request) => {
      const { code, deviceType } = request.body;
      request.auditDetail = { code, deviceType };
      const id = await registry.createDefinition(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: id, code, deviceType, registers: request.body.registers.length };
      return ok({ id });
    },
  );

  app.put(
    '/deviceProtocol/:id',
    {
      config: write('deviceProtocol.update'),
      schema: {
        tags,
        summary: 'Replace a protocol definition (built-in ones are read-only: 4000, copy them instead)',
        params: RegistryIdParams,
        body: ProtocolDefinitionBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { code, deviceType } = request.body;
      request.auditDetail = { code, deviceType, registers: request.body.registers.length };
      await registry.updateDefinition(await app.scopeOf(request), request.params.id, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/deviceProtocol/:id',
    {
      config: write('deviceProtocol.delete'),
      schema: {
        tags,
        summary: 'Delete a protocol definition no device model uses (built-in ones cannot be deleted)',
        params: RegistryIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await registry.deleteDefinition(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
