import { RoutesData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { NavigationService } from './navigation.service.js';

export const navigationRoutes: FastifyPluginAsyncTypebox<{ navigation: NavigationService }> = async (
  app,
  { navigation },
) => {
  app.get(
    '/routes',
    {
      schema: {
        tags: ['account'],
        summary: 'Navigation entries the active role may see (read from data.data)',
        response: responses(RoutesData),
      },
    },
    async (request) => ok({ data: await navigation.routesFor(sessionOf(request).permissions) }),
  );
};
