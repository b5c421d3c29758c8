import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { FeedCache } from '../../db/feed-cache.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { companySubtree, resolveScope, type Scope } from './scope.js';

declare module 'fastify' {
  interface FastifyRequest {
    scopeCache: Promise<Scope> | null;
  }
}

/** Scopes an API process keeps (one per user, role and company). */
const MAX_SCOPES = 10_000;

/**
 * Gives every request a lazily computed, memoised Scope of its caller. Scopes are also kept per process
 * by user, role and company: a change to the user drops theirs, any change to a role or company (a new
 * child company widens subtrees) drops all (change feed, docs/api.md "Cached sessions").
 */
export const scopePlugin = fp(
  (app: FastifyInstance, opts: { db: Db }) => {
    const scopes = new FeedCache<string, Scope>(app.changes, {
      max: MAX_SCOPES,
      stale: (change, scope) =>
        change.kind === 'company' ||
        change.kind === 'role' ||
        (change.kind === 'user' && change.id === scope.userId),
    });
    const load = async (request: FastifyRequest): Promise<Scope> => {
      const session = sessionOf(request);
      // An API key reaches its company's subtree, like a staff member of that company (docs/api-keys.md).
      const apiKey = session.apiKey;
      if (apiKey !== undefined) {
        const base = { userId: session.userId, companyId: session.companyId };
        return scopes.load(`key:${apiKey.id}:${session.companyId}`, async () =>
          apiKey.platform
            ? { kind: 'platform', ...base }
            : { kind: 'subtree', ...base, companyIds: await companySubtree(opts.db, session.companyId) },
        );
      }
      const key = `${session.userId}:${session.roleId}:${session.companyId}`;
      return scopes.load(key, () => resolveScope(opts.db, session));
    };
    app.decorateRequest('scopeCache', null);
    app.decorate('scopeOf', (request: FastifyRequest): Promise<Scope> => {
      request.scopeCache ??= load(request);
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
