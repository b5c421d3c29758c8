import {
  AccountCreatedData,
  FindNameBody,
  FindPasswordBody,
  hasAnyPermission,
  MessageKey,
  Perm,
  RegisterBody,
  SecurityMessage,
  SendCodeBody,
  SignUpBody,
  RENEWED_TOKEN_HEADER,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { Errors } from '../../lib/errors.js';
import { presentedToken } from '../../plugins/auth.plugin.js';
import type { AuthService } from '../auth/auth.service.js';
import { requestLanguage } from './mail-texts.js';
import type { CodeCaller, RecoveryService } from './recovery.service.js';
import type { RegistrationService } from './registration.service.js';

export interface FindRoutesOptions {
  auth: AuthService;
  recovery: RecoveryService;
  registration: RegistrationService;
}

const tags = ['account security'];

export const findRoutes: FastifyPluginAsyncTypebox<FindRoutesOptions> = async (
  app,
  { auth, recovery, registration },
) => {
  /**
   * /find/code is public (registration needs it), but change-email and change-mobile codes are bound to a
   * logged-in user: the token is checked here as the auth hook would, guest and permission included.
   */
  const changeCaller = async (request: FastifyRequest, reply: FastifyReply): Promise<CodeCaller> => {
    const token = presentedToken(request);
    if (token === null) throw Errors.notLoggedIn();
    const { context, renewedToken } = await auth.resolve(token);
    request.session = context;
    if (renewedToken !== null) reply.header(RENEWED_TOKEN_HEADER, renewedToken);
    if (context.guest) throw Errors.forbidden(MessageKey.GUEST_READ_ONLY);
    if (!hasAnyPermission(context.permissions, [Perm.profileUpdate])) throw Errors.forbidden();
    return { userId: context.userId };
  };

  app.post(
    '/find/code',
    {
      config: { public: true, audit: { action: 'security.sendCode', target: 'code' } },
      schema: {
        tags,
        summary: 'Send a 6-digit verification code to an email address or mobile number',
        description:
          'Always the same answer (security.codeSent) whether or not an account uses the address; for ' +
          'findPassword/findName nothing is sent to an unknown address. changeEmail/changeMobile need a ' +
          'session (Bearer token) and send to the NEW address. Limits: 1 per destination per 60 s, 10 per ' +
          'destination per day, 20 per client address per hour (4029 security.tooManyCodes). Mobile numbers ' +
          'have no SMS gateway: those codes stay in the mail outbox and the server log (sms-undelivered).',
        body: SendCodeBody,
        response: responses(Type.Null()),
      },
    },
    async (request, reply) => {
      const { scene } = request.body;
      request.auditDetail = { scene };
      const caller =
        scene === 'changeEmail' || scene === 'changeMobile' ? await changeCaller(request, reply) : null;
      await recovery.sendCode(request.body, request.ip, requestLanguage(request), caller);
      return ok(null, SecurityMessage.codeSent);
    },
  );

  app.post(
    '/find/user/register',
    {
      config: { public: true, audit: { action: 'security.register', target: 'user' } },
      schema: {
        tags,
        summary: 'Register an installer or distributor: its company (under the platform) and first manager',
        description:
          'Needs the code sent to the email or mobile given (scene register). Creates both or nothing. ' +
          'A taken user name, email or mobile answers 4009 (MobileNoAlreadyExists, …).',
        body: RegisterBody,
        response: responses(AccountCreatedData),
      },
    },
    async (request) => {
      request.auditDetail = {
        username: request.body.username.slice(0, 64),
        merchantType: request.body.merchantType,
      };
      const created = await registration.register(request.body, request.ip);
      request.auditDetail = {
        ...request.auditDetail,
        targetId: created.userId,
        companyId: created.companyId,
      };
      return ok(created);
    },
  );

  app.post(
    '/find/signUp',
    {
      config: { public: true, audit: { action: 'security.signUp', target: 'user' } },
      schema: {
        tags,
        summary: 'Sign up as a site owner of the company whose authorization code you were given',
        description:
          'Needs the code sent to the email or mobile given (scene signUp). The account gets the Owner role.',
        body: SignUpBody,
        response: responses(AccountCreatedData),
      },
    },
    async (request) => {
      request.auditDetail = { username: request.body.username.slice(0, 64) };
      const created = await registration.signUp(request.body, request.ip);
      request.auditDetail = {
        ...request.auditDetail,
        targetId: created.userId,
        companyId: created.companyId,
      };
      return ok(created);
    },
  );

  app.post(
    '/find/password',
    {
      config: { public: true, audit: { action: 'security.findPassword', target: 'user' } },
      schema: {
        tags,
        summary: 'Set a new password with a code sent to the account address; ends all its sessions',
        body: FindPasswordBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: await recovery.findPassword(request.body, request.ip) };
      return ok(null);
    },
  );

  app.post(
    '/find/name',
    {
      config: { public: true, audit: { action: 'security.findName', target: 'user' } },
      schema: {
        tags,
        summary: 'Send the account name to the address the code went to (never returned: data is null)',
        body: FindNameBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: await recovery.findName(request.body, request.ip) };
      return ok(null);
    },
  );
};
