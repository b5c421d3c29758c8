import {
  hasAnyPermission,
  MessageKey,
  RENEWED_TOKEN_HEADER,
  TOKEN_COOKIE,
  type PermCode,
} from '@sunfleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../lib/errors.js';
import type { AuthService, SessionContext } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, config, language list, health). */
    public?: boolean;
    /** A write the read-only guest may still make (logging out). */
    guestWrite?: boolean;
    /** Permission codes of which the caller's active role must hold at least one (else 4003). */
    perm?: readonly PermCode[];
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function parseCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The token from `Authorization: Bearer …` or the `token` cookie. A cookie alone does not authorise an
 * unsafe method unless the request is JSON or marked as XHR: a cross-site form post cannot do either.
 */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }
  const cookie = parseCookie(request.headers.cookie, TOKEN_COOKIE);
  if (cookie === null) return null;
  if (!SAFE_METHODS.has(request.method)) {
    const json = (request.headers['content-type'] ?? '').startsWith('application/json');
    if (!json && request.headers['x-requested-with'] !== 'XMLHttpRequest') return null;
  }
  return cookie;
}

export const authPlugin = fp(
  (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const config = request.routeOptions.config;
      const token = presentedToken(request);
      // The OpenAPI UI's own routes are public like the document they show.
      if (config.public || request.routeOptions.url?.startsWith('/api/docs')) return;
      if (token === null) throw Errors.notLoggedIn();
      const { context, renewedToken } = await opts.auth.resolve(token);
      request.session = context;
      if (renewedToken !== null) reply.header(RENEWED_TOKEN_HEADER, renewedToken);
      if (context.guest && !SAFE_METHODS.has(request.method) && !config.guestWrite) {
        throw Errors.forbidden(MessageKey.GUEST_READ_ONLY);
      }
      if (config.perm && !hasAnyPermission(context.permissions, config.perm)) throw Errors.forbidden();
    });
  },
  { name: 'auth' },
);

/** The caller's session; only for routes that are not public (the hook has already required it). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (request.session === null) throw Errors.notLoggedIn();
  return request.session;
}
