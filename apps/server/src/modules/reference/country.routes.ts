import {
  Country,
  CountryBody,
  CountryCodeParams,
  CountryPageQuery,
  Page,
  Perm,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];
const writeConfig = (action: AuditAction) => ({
  perm: [Perm.referenceUpdate],
  audit: { action, target: 'country' },
});

export const countryRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/country/page',
    {
      schema: {
        tags,
        summary: 'Countries by name; PRIVATE ones are listed for the platform only',
        querystring: CountryPageQuery,
        response: responses(Page(Country)),
      },
    },
    async (request) => ok(await reference.countryPage(await app.scopeOf(request), request.query)),
  );

  app.post(
    '/country',
    {
      config: writeConfig('country.create'),
      schema: {
        tags,
        summary: 'Add a country (platform, reference:update); 4009 when the code exists',
        body: CountryBody,
        response: responses(Country),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.code.toUpperCase() };
      const country = await reference.createCountry(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: country.code, name: country.name, visibility: country.visibility };
      return ok(country);
    },
  );

  app.put(
    '/country',
    {
      config: writeConfig('country.update'),
      schema: {
        tags,
        summary: 'Change the name or visibility of the country with this code',
        body: CountryBody,
        response: responses(Country),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.code.toUpperCase() };
      const country = await reference.updateCountry(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: country.code, name: country.name, visibility: country.visibility };
      return ok(country);
    },
  );

  app.delete(
    '/country/:code',
    {
      config: writeConfig('country.delete'),
      schema: {
        tags,
        summary: 'Delete a country',
        params: CountryCodeParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.code.toUpperCase() };
      await reference.deleteCountry(await app.scopeOf(request), request.params.code);
      return ok(null);
    },
  );
};
