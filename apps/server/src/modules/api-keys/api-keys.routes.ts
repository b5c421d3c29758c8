import {
  API_KEY_HEADER,
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyItem,
  ApiKeyLimits,
  ApiKeyPageQuery,
  IdParams,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from '../organisation/access.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['api keys'];
const reach = 'A key of a company outside your reach answers 4004 like a missing one.';

/** Interface management (docs/api-keys.md): API keys of the companies in the caller's reach. */
export const apiKeyRoutes: FastifyPluginAsyncTypebox<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  app.get(
    '/apiKey/page',
    {
      config: { perm: [Perm.interfaceView] },
      schema: {
        tags,
        summary: 'API keys of the companies in your reach, newest first (never the keys themselves)',
        querystring: ApiKeyPageQuery,
        response: responses(Page(ApiKeyItem)),
      },
    },
    async (request) => ok(await apiKeys.page(await callerOf(app, request), request.query)),
  );

  app.post(
    '/apiKey',
    {
      config: { perm: [Perm.interfaceUpdate], audit: { action: 'apiKey.create', target: 'apiKey' } },
      schema: {
        tags,
        summary: 'Create an API key for a company; the answer holds the key, which is never shown again',
        description:
          `The company must lie in your reach (else 4004). Scopes you do not hold yourself answer 4003 ` +
          `apiKey.scopeNotHeld; expiresAt must lie in the future (4000 apiKey.expiryInPast) or be null; at most ` +
          `${ApiKeyLimits.perCompanyMax} keys per company that are not revoked (4000 apiKey.tooManyKeys). ` +
          `Third-party systems send the key in the \`${API_KEY_HEADER}\` header.`,
        body: ApiKeyCreateBody,
        response: responses(ApiKeyCreated),
      },
    },
    async (request) => {
      const { companyId, scopes, expiresAt, rateLimitPerMinute } = request.body;
      request.auditDetail = { companyId, scopes, expiresAt, rateLimitPerMinute };
      const created = await apiKeys.create(await callerOf(app, request), request.body);
      request.auditDetail = {
        targetId: created.apiKey.id,
        name: created.apiKey.name,
        companyId,
        scopes,
        expiresAt,
        rateLimitPerMinute,
      };
      return ok(created);
    },
  );

  app.delete(
    '/apiKey/:id',
    {
      config: { perm: [Perm.interfaceUpdate], audit: { action: 'apiKey.revoke', target: 'apiKey' } },
      schema: {
        tags,
        summary: 'Revoke an API key for good: its next request answers 4001',
        description: `${reach} Revoking a revoked key changes nothing.`,
        params: IdParams,
        response: responses(ApiKeyItem),
      },
    },
    async (request) => {
      const revoked = await apiKeys.revoke(await callerOf(app, request), request.params.id);
      request.auditDetail = { targetId: revoked.id, name: revoked.name, companyId: revoked.companyId };
      return ok(revoked);
    },
  );
};
