import {
  ChangeEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  Perm,
  ProfileData,
  UpdateProfileBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { ProfileService } from './profile.service.js';

const tags = ['account security'];

/** The caller's own account; every handler works on the session's user, never on an id from the request. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (
  app,
  { profile },
) => {
  app.get(
    '/user/profile',
    {
      config: { perm: [Perm.profileView] },
      schema: {
        tags,
        summary: 'Personal data of the logged-in user',
        response: responses(ProfileData),
      },
    },
    async (request) => ok(await profile.get(sessionOf(request).userId)),
  );

  app.put(
    '/user/profile',
    {
      config: { perm: [Perm.profileUpdate], audit: { action: 'profile.update', target: 'user' } },
      schema: {
        tags,
        summary: 'Change the description (at most 60 characters) or the display language',
        body: UpdateProfileBody,
        response: responses(ProfileData),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      request.auditDetail = { targetId: userId, fields: Object.keys(request.body) };
      return ok(await profile.update(userId, request.body));
    },
  );

  app.put(
    '/user/password',
    {
      config: { audit: { action: 'profile.changePassword', target: 'user' } },
      schema: {
        tags,
        summary: 'Change the password: current password required; every other session of the user ends',
        description:
          'SPEC §5: 6–18 characters with upper and lower case letters, a digit and a special character; ' +
          'confirmPassword must match ("Do not match!"); the new password must differ from the old one. ' +
          'Wrong current passwords are limited to 5 per 15 minutes (4029).',
        body: ChangePasswordBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      request.auditDetail = { targetId: session.userId };
      await profile.changePassword(session, request.body);
      return ok(null);
    },
  );

  app.put(
    '/user/email',
    {
      config: { perm: [Perm.profileUpdate], audit: { action: 'profile.changeEmail', target: 'user' } },
      schema: {
        tags,
        summary:
          'Change the email: current password plus the code sent to the new address (scene changeEmail)',
        body: ChangeEmailBody,
        response: responses(ProfileData),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      request.auditDetail = { targetId: session.userId };
      return ok(await profile.changeEmail(session, request.body));
    },
  );

  app.put(
    '/user/mobile',
    {
      config: { perm: [Perm.profileUpdate], audit: { action: 'profile.changeMobile', target: 'user' } },
      schema: {
        tags,
        summary:
          'Change the mobile number: current password plus the code sent to the new number (scene changeMobile)',
        body: ChangeMobileBody,
        response: responses(ProfileData),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      request.auditDetail = { targetId: session.userId };
      return ok(await profile.changeMobile(session, request.body));
    },
  );
};
