import {
  Page,
  Perm,
  ReferenceIdParams,
  Region,
  RegionCreateBody,
  RegionPageQuery,
  RegionUpdateBody,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];
const writeConfig = (action: AuditAction) => ({
  perm: [Perm.referenceUpdate],
  audit: { action, target: 'region' },
});

export const regionRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/region/page',
    {
      schema: {
        tags,
        summary: 'Regions: area code, currency, temperature unit, electricity price (any logged-in user)',
        querystring: RegionPageQuery,
        response: responses(Page(Region)),
      },
    },
    async (request) => ok(await reference.regionPage(request.query)),
  );

  app.post(
    '/region',
    {
      config: writeConfig('region.create'),
      schema: {
        tags,
        summary: 'Add a region (platform, reference:update); its currency must exist',
        body: RegionCreateBody,
        response: responses(Region),
      },
    },
    async (request) => {
      const region = await reference.createRegion(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: region.id, name: region.name, currencyCode: region.currencyCode };
      return ok(region);
    },
  );

  app.put(
    '/region',
    {
      config: writeConfig('region.update'),
      schema: {
        tags,
        summary: 'Change a region',
        body: RegionUpdateBody,
        response: responses(Region),
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      request.auditDetail = { targetId: id };
      const region = await reference.updateRegion(await app.scopeOf(request), id, body);
      request.auditDetail = { targetId: id, name: region.name, currencyCode: region.currencyCode };
      return ok(region);
    },
  );

  app.delete(
    '/region/:id',
    {
      config: writeConfig('region.delete'),
      schema: {
        tags,
        summary: 'Delete a region',
        params: ReferenceIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await reference.deleteRegion(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
