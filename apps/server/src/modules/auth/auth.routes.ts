import { Type } from 'typebox';
import { LoginBody, LoginData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionCookie, sessionOf } from '../../plugins/auth.plugin.js';
import { Errors } from '../../lib/errors.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService; guestLogin: boolean }> = async (
  app,
  { auth, guestLogin },
) => {
  const client = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    address: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.post(
    '/login',
    {
      config: { public: true, audit: { action: 'session.login', target: 'user' } },
      schema: {
        tags: ['account'],
        summary: 'Log in with user name, email or mobile number and password',
        description:
          'Returns an opaque session token, also set as the HttpOnly `token` cookie the console uses. Unknown accounts and wrong passwords get the same answer (4000 WrongUsernameOrPassword); repeated failures per account or client address answer 4029.',
        body: LoginBody,
        response: responses(LoginData),
      },
    },
    async (request, reply) => {
      request.auditDetail = { username: request.body.username.slice(0, 128) };
      const session = await auth.login(request.body.username, request.body.password, client(request));
      reply.header('set-cookie', sessionCookie(request, session.token));
      return ok(session);
    },
  );

  app.post(
    '/login/guest',
    {
      config: { public: true, audit: { action: 'session.guestLogin', target: 'user' } },
      schema: {
        tags: ['account'],
        summary: 'Log in as the read-only guest of the demo company',
        description: 'Every write a guest session attempts answers 4003 GuestReadOnly.',
        response: responses(LoginData),
      },
    },
    async (request, reply) => {
      if (!guestLogin) throw Errors.forbidden();
      const session = await auth.guestLogin(client(request));
      reply.header('set-cookie', sessionCookie(request, session.token));
      return ok(session);
    },
  );

  app.post(
    '/role/switch',
    {
      config: { audit: { action: 'session.switchRole', target: 'role' } },
      schema: {
        tags: ['account'],
        summary: 'Switch the active role: a new session bound to the role replaces the current one',
        description:
          'The role must be one granted to the user (else 4004). The old token then answers 102011.',
        body: Type.Object({ roleId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        response: responses(LoginData),
      },
    },
    async (request, reply) => {
      request.auditDetail = { targetId: request.body.roleId };
      const session = await auth.switchRole(sessionOf(request), request.body.roleId, client(request));
      reply.header('set-cookie', sessionCookie(request, session.token));
      return ok(session);
    },
  );

  app.post(
    '/logout',
    {
      config: { guestWrite: true, audit: { action: 'session.logout', target: 'session' } },
      schema: {
        tags: ['account'],
        summary: 'End the current session; the token is refused from now on',
        response: responses(Type.Null()),
      },
    },
    async (request, reply) => {
      await auth.logout(sessionOf(request).sessionId);
      reply.header('set-cookie', sessionCookie(request, null));
      return ok(null);
    },
  );
};
