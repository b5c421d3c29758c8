import {
  LanguageEntry,
  Page,
  Perm,
  TranslationPageQuery,
  TranslationRow,
  TranslationUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { TranslationEditorService } from './translation-editor.service.js';

const tags = ['reference'];

export const translationRoutes: FastifyPluginAsyncTypebox<{ editor: TranslationEditorService }> = async (
  app,
  { editor },
) => {
  app.get(
    '/language/list',
    {
      schema: {
        tags,
        summary: 'The display languages (key, value, title) and how many keys each has',
        response: responses(Type.Array(LanguageEntry)),
      },
    },
    async () => ok(await editor.languages()),
  );

  app.get(
    '/translation/page',
    {
      config: { perm: [Perm.translationUpdate, Perm.systemSettingsView] },
      schema: {
        tags,
        summary: 'The translation table, one key per row with its text in every language',
        querystring: TranslationPageQuery,
        response: responses(Page(TranslationRow)),
      },
    },
    async (request) => ok(await editor.page(request.query)),
  );

  app.put(
    '/translation',
    {
      config: {
        perm: [Perm.translationUpdate],
        audit: { action: 'translation.update', target: 'translation' },
      },
      schema: {
        tags,
        summary:
          'Change the texts of an existing key in one or more languages (platform, translation:update)',
        body: TranslationUpdateBody,
        response: responses(TranslationRow),
      },
    },
    async (request) => {
      // The texts are not secret and say what changed; they are at most 500 characters each.
      request.auditDetail = { targetId: request.body.key, values: request.body.values };
      return ok(await editor.update(await app.scopeOf(request), request.body));
    },
  );
};
