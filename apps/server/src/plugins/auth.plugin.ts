import {
  API_KEY_HEADER,
  hasAnyPermission,
  MessageKey,
  RENEWED_TOKEN_HEADER,
  Status,
  TOKEN_COOKIE,
  type PermCode,
} from '@sunfleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, Errors } from '../lib/errors.js';
import type { AuthService, SessionContext } from '../modules/auth/auth.service.js';
import { RateLimitedError, type ApiKeysService } from '../modules/api-keys/api-keys.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, config, language list, health). */
    public?: boolean;
    /**
     * With `public`: a valid session presented with the request is still resolved into `request.session`;
     * a missing, ended or guest session leaves it null and the request goes on (the console's error reports).
     */
    sessionOptional?: boolean;
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

/** Where a request's session token came from. */
interface PresentedToken {
  token: string;
  fromCookie: boolean;
}

/**
 * The token from `Authorization: Bearer …` or the `token` cookie. A cookie alone does not authorise an
 * unsafe method unless the request is JSON or marked as XHR: a cross-site form post cannot do either.
 */
function presented(request: FastifyRequest): PresentedToken | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], fromCookie: false } : null;
  }
  const cookie = parseCookie(request.headers.cookie, TOKEN_COOKIE);
  if (cookie === null || cookie === '') return null;
  if (!SAFE_METHODS.has(request.method)) {
    const json = (request.headers['content-type'] ?? '').startsWith('application/json');
    if (!json && request.headers['x-requested-with'] !== 'XMLHttpRequest') return null;
  }
  return { token: cookie, fromCookie: true };
}

/** The session token a request presents (see `presented`), or null. */
export function presentedToken(request: FastifyRequest): string | null {
  return presented(request)?.token ?? null;
}

/**
 * The session cookie carrying `token` (null: the cookie's removal). HttpOnly, so no script of the page
 * can read it; SameSite=Lax; Secure when the request arrived over HTTPS (behind a proxy with
 * TRUST_PROXY, as its X-Forwarded-Proto says). No expiry: it ends with the browser session, and the
 * server ends the session itself when it is left unused.
 */
export function sessionCookie(request: FastifyRequest, token: string | null): string {
  const parts = [
    `${TOKEN_COOKIE}=${token === null ? '' : encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (request.protocol === 'https') parts.push('Secure');
  if (token === null) parts.push('Max-Age=0');
  return parts.join('; ');
}

/** The header a third-party system's API key arrives in (lower case, as Node hands headers over). */
const KEY_HEADER = API_KEY_HEADER.toLowerCase();

export const authPlugin = fp(
  (app: FastifyInstance, opts: { auth: AuthService; apiKeys: ApiKeysService }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const config = request.routeOptions.config;
      // The OpenAPI UI's own routes are public like the document they show.
      if (config.public || request.routeOptions.url?.startsWith('/api/docs')) {
        if (config.public && config.sessionOptional)
          request.session = await optionalSession(opts.auth, request);
        return;
      }
      // An API key is the whole credential of its request: cookies and session tokens beside it are
      // ignored, so a key can never borrow a person's session (docs/api-keys.md).
      const apiKey = request.headers[KEY_HEADER];
      if (apiKey !== undefined) {
        const { context, admit } = await opts.apiKeys.identify({
          key: Array.isArray(apiKey) ? '' : apiKey,
          method: request.method,
          routeUrl: request.routeOptions.url,
          address: request.ip,
        });
        // Known before the request is admitted, so that a refused write is audited as the key's.
        request.session = context;
        try {
          await admit();
        } catch (error) {
          if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        if (config.perm && !hasAnyPermission(request.session.permissions, config.perm))
          throw Errors.forbidden();
        return;
      }
      const token = presented(request);
      if (token === null) throw Errors.notLoggedIn();
      let resolved;
      try {
        resolved = await opts.auth.resolve(token.token);
      } catch (error) {
        // A cookie whose session has ended is dropped from the browser with the refusal.
        if (token.fromCookie && error instanceof AppError && error.status !== Status.UNAVAILABLE)
          reply.header('set-cookie', sessionCookie(request, null));
        throw error;
      }
      const { context, renewedToken } = resolved;
      request.session = context;
      if (renewedToken !== null) {
        reply.header(RENEWED_TOKEN_HEADER, renewedToken);
        if (token.fromCookie) reply.header('set-cookie', sessionCookie(request, renewedToken));
      }
      if (context.guest && !SAFE_METHODS.has(request.method) && !config.guestWrite) {
        throw Errors.forbidden(MessageKey.GUEST_READ_ONLY);
      }
      if (config.perm && !hasAnyPermission(context.permissions, config.perm)) throw Errors.forbidden();
    });
  },
  { name: 'auth' },
);

/**
 * The session a request presents when it is valid, else null. No token is renewed here (a renewal must
 * reach the client, and these answers are not read for it).
 */
async function optionalSession(auth: AuthService, request: FastifyRequest): Promise<SessionContext | null> {
  const token = presented(request);
  if (token === null) return null;
  try {
    return (await auth.resolve(token.token, { renew: false })).context;
  } catch {
    return null;
  }
}

/** The caller's session; only for routes that are not public (the hook has already required it). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (request.session === null) throw Errors.notLoggedIn();
  return request.session;
}
