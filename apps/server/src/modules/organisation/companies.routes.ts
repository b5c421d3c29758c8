import {
  Company,
  CompanyCreateBody,
  CompanyQuery,
  CompanyTreeNodeSchema,
  CompanyUpdateBody,
  IdParams,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from './access.js';
import type { CompaniesService } from './companies.service.js';

const tags = ['organisation'];
/** The company page and the back-office company management both list companies. */
const READ = [Perm.companyView, Perm.manufacturerView];
const Created = Type.Object({ id: Type.Integer() });

export const companyRoutes: FastifyPluginAsyncTypebox<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  app.get(
    '/company/page',
    {
      config: { perm: READ },
      schema: {
        tags,
        summary: 'Companies within your reach, filtered by keyword, type and superior company',
        querystring: CompanyQuery,
        response: responses(Page(Company)),
      },
    },
    async (request) => ok(await companies.page(await callerOf(app, request), request.query)),
  );

  app.get(
    '/company/tree',
    {
      config: { perm: READ },
      schema: {
        tags,
        summary: 'Companies within your reach as a tree (roots: the platform, or your own company)',
        response: responses(Type.Array(CompanyTreeNodeSchema)),
      },
    },
    async (request) => ok(await companies.tree(await callerOf(app, request))),
  );

  app.get(
    '/company/:id',
    {
      config: { perm: READ },
      schema: {
        tags,
        summary: 'One company (4004 when it does not exist or lies outside your reach)',
        params: IdParams,
        response: responses(Company),
      },
    },
    async (request) => ok(await companies.detail(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/company',
    {
      config: { perm: [Perm.companyCreate], audit: { action: 'company.create', target: 'company' } },
      schema: {
        tags,
        summary: 'Create a distributor or installer under a superior company within your reach',
        description:
          'A distributor sits under the platform or another distributor; an installer under a distributor or the platform. ' +
          'Without authorizationCode one is generated.',
        body: CompanyCreateBody,
        response: responses(Created),
      },
    },
    async (request) => {
      const { type, parentId, name } = request.body;
      request.auditDetail = { type, parentId, name };
      const id = await companies.create(await callerOf(app, request), request.body);
      request.auditDetail = { targetId: id, type, parentId, name };
      return ok({ id });
    },
  );

  app.put(
    '/company',
    {
      config: { perm: [Perm.companyUpdate], audit: { action: 'company.update', target: 'company' } },
      schema: {
        tags,
        summary:
          'Change a company: all fields are replaced; a left-out authorizationCode keeps the current one',
        body: CompanyUpdateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { id, type, parentId, name } = request.body;
      request.auditDetail = { targetId: id, type, parentId, name };
      await companies.update(await callerOf(app, request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/company/:id',
    {
      config: { perm: [Perm.companyDelete], audit: { action: 'company.delete', target: 'company' } },
      schema: {
        tags,
        summary: 'Delete a company without users or child companies (else 4000 CompanyNotEmpty)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await companies.remove(await callerOf(app, request), request.params.id);
      return ok(null);
    },
  );
};
