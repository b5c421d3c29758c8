import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { resolveScope, type Scope } from './scope.js';

declare module 'fastify' {
  interface FastifyRequest {
    scopeCache: Promise<Scope> | null;
  }
}

/** Gives every request a lazily computed, memoised Scope of its caller. */
export const scopePlugin = fp(
  (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('scopeCache', null);
    app.decorate('scopeOf', (request: FastifyRequest): Promise<Scope> => {
      request.scopeCache ??= resolveScope(opts.db, sessionOf(request));
      return request.scopeCache;
    });
  },
  { name: 'scope', dependencies: ['auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The caller's scope; use it in every repository call that reads or writes tenant data. */
    scopeOf(request: FastifyRequest): Promise<Scope>;
  }
}
