import { Type } from 'typebox';
import { LANGUAGE_KEYS, LanguageListData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { TranslationsRepository } from './translations.repository.js';

export const i18nRoutes: FastifyPluginAsyncTypebox<{ translations: TranslationsRepository }> = async (
  app,
  { translations },
) => {
  app.get(
    '/language/:key/list',
    {
      config: { public: true },
      schema: {
        tags: ['i18n'],
        summary: 'The translation table of one display language (read from data.data)',
        params: Type.Object({ key: Type.Enum(LANGUAGE_KEYS) }),
        response: responses(LanguageListData),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok({ language: request.params.key, data: await translations.table(request.params.key) });
    },
  );
};
