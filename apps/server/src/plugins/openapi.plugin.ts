import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { RENEWED_TOKEN_HEADER } from '@sunfleet/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every multipart route reads one part named `file` itself, so it declares no `body` for Fastify to
 * validate. The document still describes that part: the web's client is typed from it.
 */
const MULTIPART_FILE_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary' } },
} as const;

const BEARER = [{ bearer: [] }];

/** The OpenAPI document generated from the route schemas, at /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      transform: ({ schema, url, route }) => ({
        schema: {
          ...schema,
          ...(schema.consumes?.includes('multipart/form-data') === true && schema.body === undefined
            ? { body: MULTIPART_FILE_BODY }
            : {}),
          // Authentication is the default (the auth hook requires a session unless the route is public),
          // so the document states it per operation: public operations are the ones without `security`.
          ...(route.config?.public === true || schema.security !== undefined ? {} : { security: BEARER }),
        },
        url,
      }),
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
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
    app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
