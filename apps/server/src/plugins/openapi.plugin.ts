import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_KEY_HEADER, RENEWED_TOKEN_HEADER } from '@sunfleet/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyScopeOf } from '../modules/api-keys/api-key-operations.js';

/**
 * Every multipart route reads one part named `file` itself, so it declares no `body` for Fastify to
 * validate. The document still describes that part: the web's client is typed from it.
 */
const MULTIPART_FILE_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary' } },
} as const;

type Security = Record<string, string[]>[];
const BEARER: Security = [{ bearer: [] }];
/** Operations an API key may call accept either credential (OpenAPI: alternatives are separate entries). */
const BEARER_OR_KEY: Security = [{ bearer: [] }, { apiKey: [] }];

/** The OpenAPI document generated from the route schemas, at /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      transform: ({ schema, url, route }) => {
        // The scope an API key needs for this operation (docs/api-keys.md), null when keys may not call it.
        const keyScope = [route.method]
          .flat()
          .map((m) => apiKeyScopeOf(m, route.url))
          .find((s) => s !== null);
        const needsAuth = route.config?.public !== true && schema.security === undefined;
        return {
          schema: {
            ...schema,
            ...(schema.consumes?.includes('multipart/form-data') === true && schema.body === undefined
              ? { body: MULTIPART_FILE_BODY }
              : {}),
            // Authentication is the default (the auth hook requires a session unless the route is public),
            // so the document states it per operation: public operations are the ones without `security`.
            ...(needsAuth ? { security: keyScope ? BEARER_OR_KEY : BEARER } : {}),
            ...(needsAuth && keyScope ? { 'x-api-key-scopes': [keyScope] } : {}),
          },
          url,
        };
      },
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sunfleet API',
          version: opts.version,
          description:
            'Every response is the envelope {status, enMsg, data}: status 200 on success, otherwise an error code ' +
            '(4000 invalid input, 4001 not logged in, 102011 session ended elsewhere, 4003 forbidden, 4004 not found, ' +
            '4009 already exists, 4029 too many requests, 5000 server error, 5003 unavailable) with the HTTP status of ' +
            `its class. A renewed session token arrives in the \`${RENEWED_TOKEN_HEADER}\` response header.`,
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Session token from POST /api/login' },
            apiKey: {
              type: 'apiKey',
              in: 'header',
              name: API_KEY_HEADER,
              description:
                "A company's API key (interface management). Accepted only by the operations that list it in " +
                '`security`; `x-api-key-scopes` names the scope the key needs there. Other operations answer ' +
                '4003 apiKey.notForKeys to a key; a key without the scope 4003 apiKey.scopeMissing; an unknown, ' +
                'expired or revoked key 4001; a key past its rate per minute 4029 with Retry-After.',
            },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
    app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
