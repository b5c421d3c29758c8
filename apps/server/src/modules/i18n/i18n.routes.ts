import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import { Type } from 'typebox';
import { LANGUAGE_KEYS, LanguageListData } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { TranslationsRepository } from './translations.repository.js';

export const i18nRoutes: FastifyPluginAsyncTypebox<{ translations: TranslationsRepository }> = async (
  app,
  { translations },
) => {
  // The translation table (about 57 KB of JSON) is part of every first visit: sent compressed (brotli at a
  // quality cheap enough per request, or gzip) when the browser accepts it. Request bodies are never
  // decompressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
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
