import { ColumnOptionBody, ColumnOptionData, InfoData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncTypebox<{ account: AccountService }> = async (
  app,
  { account },
) => {
  app.get(
    '/info',
    {
      schema: {
        tags: ['account'],
        summary: 'Current user info: roles, permissions, column choices, logo and avatar',
        response: responses(InfoData),
      },
    },
    async (request) => ok(await account.info(sessionOf(request))),
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
