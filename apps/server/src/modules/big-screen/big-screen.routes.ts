import {
  BigScreenData,
  BigScreenQuery,
  BigScreenShowcase,
  BigScreenShowcaseBody,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { StationAnswersOptions } from '../stations/station-answers.js';
import { BigScreenService, type BigScreenCaller } from './big-screen.service.js';

const tags = ['big screen'];

/** The big screen (SPEC §2, §7 GET /bigScreen) and its showcase switch (docs/big-screen.md). */
export const bigScreenRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  answers?: StationAnswersOptions;
}> = async (app, { db, clock, answers }) => {
  const service = new BigScreenService(db, clock, answers);
  const caller = async (request: FastifyRequest): Promise<BigScreenCaller> => ({
    scope: await app.scopeOf(request),
    session: sessionOf(request),
  });

  app.get(
    '/bigScreen',
    {
      config: { perm: [Perm.bigScreen] },
      schema: {
        tags,
        summary: 'The big-screen summary of every station, logger and device within your reach',
        description:
          'kpis: the Home KPIs of the same scope (GET /station/stats/index, default currency). gateways: logger ' +
          'status counts as GET /gateway/page counts them. topGeneration: today in each station’s own calendar; ' +
          'topOnlineRate: loggers online ÷ loggers. regions: sites per country from the station coordinates ' +
          '(bundled Natural Earth boundaries). power: hourly fleet power from the browser’s midnight (zoneOffset). ' +
          'showcase: whether the screen shows demonstration figures instead of the counts.',
        querystring: BigScreenQuery,
        response: responses(BigScreenData),
      },
    },
    async (request) => ok(await service.summary(await caller(request), request.query.zoneOffset)),
  );

  app.get(
    '/bigScreen/showcase',
    {
      config: { perm: [Perm.bigScreen] },
      schema: {
        tags,
        summary: 'Whether the big screen shows demonstration figures (off unless switched on)',
        response: responses(BigScreenShowcase),
      },
    },
    async () => ok(await service.showcase()),
  );

  app.put(
    '/bigScreen/showcase',
    {
      config: { perm: [Perm.bigScreen], audit: { action: 'bigScreen.showcase', target: 'bigScreen' } },
      schema: {
        tags,
        summary: 'Switch the demonstration figures on or off (platform administrators only; 4003 otherwise)',
        body: BigScreenShowcaseBody,
        response: responses(BigScreenShowcase),
      },
    },
    async (request) => {
      request.auditDetail = { showcase: request.body.showcase };
      return ok(await service.setShowcase(await caller(request), request.body.showcase));
    },
  );
};
