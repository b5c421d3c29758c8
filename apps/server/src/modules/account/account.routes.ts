import { ColumnOptionBody, ColumnOptionData, InfoData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { AccountService } from './account.service.js';
import type { UnreadAlarmCounts } from '../alarms/unread-counts.js';

export const accountRoutes: FastifyPluginAsyncTypebox<{
  account: AccountService;
  unreadAlarms: UnreadAlarmCounts;
}> = async (app, { account, unreadAlarms }) => {
  app.get(
    '/info',
    {
      schema: {
        tags: ['account'],
        summary: 'Current user info: roles, permissions, column choices, logo and avatar',
        response: responses(InfoData),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const info = await account.info(session);
      // Kept apart from the cached payload: it moves with alarms, not with the account (unread-counts.ts).
      const unreadAlarmCount = await unreadAlarms.count(await app.scopeOf(request), session.roleId);
      return ok({ ...info, unreadAlarmCount });
    },
  );

  app.post(
    '/columnOption',
    {
      schema: {
        tags: ['account'],
        summary: "Save the columns chosen on one page's table",
        body: ColumnOptionBody,
        response: responses(ColumnOptionData),
      },
    },
    async (request) => {
      const columnOption = await account.saveColumnOption(
        sessionOf(request),
        request.body.page,
        request.body.columns,
      );
      return ok({ columnOption });
    },
  );
};
