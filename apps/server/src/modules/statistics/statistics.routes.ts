import {
  IdParams,
  Perm,
  StatisticsCompareQuery,
  StatisticsCompareResult,
  StatisticsLimits,
  StatisticsView,
  StatisticsViewBody,
  StatisticsViewUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { datedXlsxName, sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { DevicesRepository } from '../devices/devices.repository.js';
import { callerOf } from '../organisation/access.js';
import { StatisticsViewsService } from './statistics-views.service.js';
import { checkComparison, StatisticsService } from './statistics.service.js';
import { STATISTICS_TEXT_KEYS, statisticsWorkbook } from './statistics-workbook.js';

const tags = ['statistics'];
const rules =
  `Periods: from…to (local days; granularity DAY ≤ ${StatisticsLimits.daysMax} days, MONTH ≤ ` +
  `${StatisticsLimits.monthsMax} months, YEAR ≤ ${StatisticsLimits.yearsMax} years; 4000 statistics.tooManyPeriods) ` +
  `or months=YYYY-MM,… (MONTH only, ≤ ${StatisticsLimits.customMonthsMax}: 4000 rule.selectUpToSix). ` +
  `At most ${StatisticsLimits.stationsMax} stations (4000 statistics.tooManyStations); from after to → 4000 ` +
  'statistics.fromAfterTo; an unknown currency → 4000 statistics.unknownCurrency; a station outside your ' +
  'reach → 4004 like a missing one. Figures come from the station rollups in each station’s calendar; ' +
  'unknown figures are null, never 0.';
const viewRules =
  'Views belong to the user who saved them (another user’s id answers 4004). Stations must lie in your ' +
  'reach (4004); a schedule other than NONE needs statistics:schedule (4003) and 1…' +
  `${StatisticsLimits.recipientsMax} recipients (4000 statistics.recipientsRequired / recipientDuplicate); ` +
  `at most ${StatisticsLimits.viewsPerUserMax} views per user (4000 statistics.tooManyViews); names are unique ` +
  'per user (4000 statistics.nameTaken).';

/** Income and yield statistics: comparison, XLSX export and saved views (docs/statistics.md). */
export const statisticsRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const statistics = new StatisticsService(db);
  const views = new StatisticsViewsService(statistics, clock);
  const texts = new DevicesRepository(db);

  app.get(
    '/statistics/compare',
    {
      config: { perm: [Perm.statisticsView] },
      schema: {
        tags,
        summary: 'Compare stations by day, month or year: energy, yield, PR, income and a ranking',
        description: rules,
        querystring: StatisticsCompareQuery,
        response: responses(StatisticsCompareResult),
      },
    },
    async (request) =>
      ok(await statistics.compare(await app.scopeOf(request), checkComparison(request.query))),
  );

  app.get(
    '/statistics/export',
    {
      config: { perm: [Perm.statisticsView] },
      schema: {
        tags,
        summary: 'The comparison of GET /statistics/compare as an XLSX file',
        description: `${rules} Headers in the caller's language; one row per station and period, then its total.`,
        querystring: StatisticsCompareQuery,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const comparison = checkComparison(request.query);
      const result = await statistics.compare(await app.scopeOf(request), comparison);
      const language = await texts.languageOf(sessionOf(request).userId);
      const bytes = await statisticsWorkbook(result, await texts.texts(language, STATISTICS_TEXT_KEYS));
      return sendXlsx(reply, bytes, datedXlsxName('statistics', clock.now()));
    },
  );

  app.get(
    '/statistics/view/list',
    {
      config: { perm: [Perm.statisticsView] },
      schema: {
        tags,
        summary: 'Your saved statistics views',
        response: responses(Type.Array(StatisticsView)),
      },
    },
    async (request) => ok(await views.list(await callerOf(app, request))),
  );

  app.get(
    '/statistics/view/:id',
    {
      config: { perm: [Perm.statisticsView] },
      schema: {
        tags,
        summary: 'One saved view',
        description: viewRules,
        params: IdParams,
        response: responses(StatisticsView),
      },
    },
    async (request) => ok(await views.get(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/statistics/view',
    {
      config: {
        perm: [Perm.statisticsView],
        audit: { action: 'statisticsView.create', target: 'statisticsView' },
      },
      schema: {
        tags,
        summary: 'Save a statistics view (optionally mailed weekly or monthly as XLSX)',
        description: viewRules,
        body: StatisticsViewBody,
        response: responses(StatisticsView),
      },
    },
    async (request) => {
      const body = request.body;
      request.auditDetail = { name: body.name, schedule: body.schedule };
      const created = await views.create(await callerOf(app, request), body);
      request.auditDetail = {
        targetId: created.id,
        name: created.name,
        schedule: created.schedule,
        recipients: created.recipients,
      };
      return ok(created);
    },
  );

  app.put(
    '/statistics/view',
    {
      config: {
        perm: [Perm.statisticsView],
        audit: { action: 'statisticsView.update', target: 'statisticsView' },
      },
      schema: {
        tags,
        summary: 'Change a saved view',
        description: `${viewRules} Changing the schedule starts its mailing record afresh.`,
        body: StatisticsViewUpdateBody,
        response: responses(StatisticsView),
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      request.auditDetail = { targetId: id };
      const updated = await views.update(await callerOf(app, request), id, body);
      request.auditDetail = {
        targetId: id,
        name: updated.name,
        schedule: updated.schedule,
        recipients: updated.recipients,
      };
      return ok(updated);
    },
  );

  app.delete(
    '/statistics/view/:id',
    {
      config: {
        perm: [Perm.statisticsView],
        audit: { action: 'statisticsView.delete', target: 'statisticsView' },
      },
      schema: {
        tags,
        summary: 'Delete a saved view',
        description: viewRules,
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      const { name } = await views.delete(await callerOf(app, request), request.params.id);
      request.auditDetail = { targetId: request.params.id, name };
      return ok(null);
    },
  );
};
