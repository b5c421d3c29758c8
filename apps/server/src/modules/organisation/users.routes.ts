import {
  IdParams,
  ManagedUser,
  Page,
  Perm,
  ResetPasswordBody,
  UserCreateBody,
  UserQuery,
  UserUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from './access.js';
import type { UserAdminService } from './users.service.js';

const tags = ['organisation'];
const Created = Type.Object({ id: Type.Integer() });

export const userRoutes: FastifyPluginAsyncTypebox<{ users: UserAdminService }> = async (app, { users }) => {
  app.get(
    '/user/page',
    {
      config: { perm: [Perm.accountView] },
      schema: {
        tags,
        summary: 'Accounts within your reach; keyword matches user name, email or mobile number',
        querystring: UserQuery,
        response: responses(Page(ManagedUser)),
      },
    },
    async (request) => ok(await users.page(await callerOf(app, request), request.query)),
  );

  app.get(
    '/user/:id',
    {
      config: { perm: [Perm.accountView] },
      schema: {
        tags,
        summary: 'One account (4004 when it does not exist or lies outside your reach)',
        params: IdParams,
        response: responses(ManagedUser),
      },
    },
    async (request) => ok(await users.detail(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/user',
    {
      config: { perm: [Perm.accountCreate], audit: { action: 'user.create', target: 'user' } },
      schema: {
        tags,
        summary: 'Create an account in a company within your reach, with a role you may hand out',
        description:
          'SPEC §5 rules answer 4000 with their own keys (password strength, email, mobile, description ≤ 60). ' +
          'Taken user names, emails and mobile numbers answer 4009.',
        body: UserCreateBody,
        response: responses(Created),
      },
    },
    async (request) => {
      const { username, companyId, roleId } = request.body;
      request.auditDetail = { username, companyId, roleId };
      const id = await users.create(await callerOf(app, request), request.body);
      request.auditDetail = { targetId: id, username, companyId, roleId };
      return ok({ id });
    },
  );

  app.put(
    '/user',
    {
      config: { perm: [Perm.accountUpdate], audit: { action: 'user.update', target: 'user' } },
      schema: {
        tags,
        summary: 'Change an account; left-out optional fields are cleared',
        description:
          'Moving the user to another company or giving them another role ends all their sessions.',
        body: UserUpdateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { id, companyId, roleId } = request.body;
      request.auditDetail = { targetId: id, companyId, roleId };
      await users.update(await callerOf(app, request), request.body);
      return ok(null);
    },
  );

  app.put(
    '/user/:id/disable',
    {
      config: { perm: [Perm.accountDisable], audit: { action: 'user.disable', target: 'user' } },
      schema: {
        tags,
        summary: 'Disable an account and end all its sessions (not your own)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await users.setDisabled(await callerOf(app, request), request.params.id, true);
      return ok(null);
    },
  );

  app.put(
    '/user/:id/enable',
    {
      config: { perm: [Perm.accountDisable], audit: { action: 'user.enable', target: 'user' } },
      schema: {
        tags,
        summary: 'Enable a disabled account again',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await users.setDisabled(await callerOf(app, request), request.params.id, false);
      return ok(null);
    },
  );

  app.put(
    '/user/:id/resetPassword',
    {
      config: {
        perm: [Perm.accountResetPassword],
        audit: { action: 'user.resetPassword', target: 'user' },
      },
      schema: {
        tags,
        summary: "Set another user's password (SPEC §5 strength) and end all their sessions",
        params: IdParams,
        body: ResetPasswordBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await users.resetPassword(await callerOf(app, request), request.params.id, request.body.password);
      return ok(null);
    },
  );
};
