import {
  IndexSearchQuery,
  IndexSearchResult,
  Perm,
  QueryHistoryBody,
  SearchLimits,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from '../organisation/access.js';
import { SearchService } from './search.service.js';

const tags = ['search'];

/** The global search of the top bar (SPEC §2, §5, §7): results within your reach and your recent searches. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const search = new SearchService(db, clock);

  app.get(
    '/indexSearch',
    {
      config: { perm: [Perm.stationView, Perm.deviceView, Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Stations, devices and loggers within your reach, and your recent searches',
        description:
          `Keywords are trimmed and matched anywhere in a station name, a device SN or name, a logger SN or ` +
          `name (prefix matches first). Each list holds at most ${SearchLimits.listMax} items; a type limits ` +
          'the search to one list (INVERTER = devices). Empty keywords answer empty lists and the history ' +
          `(newest ${SearchLimits.historyMax}). Devices and loggers come with their station (null while unbound) ` +
          'and their status (the rules of the device and logger lists).',
        querystring: IndexSearchQuery,
        response: responses(IndexSearchResult),
      },
    },
    async (request) => ok(await search.search(await callerOf(app, request), request.query)),
  );

  app.post(
    '/queryHistory',
    {
      config: {
        perm: [Perm.stationView, Perm.deviceView, Perm.gatewayView],
        // The read-only guest may call it; its searches are not stored (one shared demo account).
        guestWrite: true,
        audit: { action: 'search.history.add', target: 'queryHistory' },
      },
      schema: {
        tags,
        summary: 'Record a search in your own history (an equal entry moves to the top)',
        description:
          `Keywords are trimmed (blank → 4000 search.keywordsBlank); the newest ${SearchLimits.historyKept} entries ` +
          'are kept. The guest account (shared by every demo visitor) gets success but nothing is stored.',
        body: QueryHistoryBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { type: request.body.type };
      await search.record(await callerOf(app, request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/clearQueryHistory',
    {
      config: {
        perm: [Perm.stationView, Perm.deviceView, Perm.gatewayView],
        audit: { action: 'search.history.clear', target: 'queryHistory' },
      },
      schema: {
        tags,
        summary: 'Delete all of your recent searches',
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const removed = await search.clear(await callerOf(app, request));
      request.auditDetail = { removed };
      return ok(null);
    },
  );
};
