import { ALARM_EXPORT_ROWS_MAX, AlarmExportQuery, Perm, TelemetryApiMessage } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { datedXlsxName, sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { DevicesRepository } from '../devices/devices.repository.js';
import { FaultCatalogue, languageKey, withCatalogueText } from '../fault-codes/describe.js';
import { ALARM_EXPORT_TEXT_KEYS, alarmWorkbook } from './alarm-workbook.js';
import type { AlarmsService } from './alarms.service.js';

/** The alarm list as an XLSX file (docs/alarms.md "Alarm list screen"). */
export const alarmExportRoutes: FastifyPluginAsyncTypebox<{
  alarms: AlarmsService;
  db: Db;
  clock: Clock;
}> = async (app, { alarms, db, clock }) => {
  const texts = new DevicesRepository(db);
  const catalogue = new FaultCatalogue(db);

  app.get(
    '/alarm/export',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags: ['alarms'],
        summary: 'The alarms of GET /alarm/page (same filters and sort, no paging) as an XLSX file',
        description:
          `At most ${ALARM_EXPORT_ROWS_MAX} rows in the order of the list; when more matched, a note row ` +
          "above the header says how many were left out. Times in each alarm's station zone, named in a " +
          "column of their own; headers, levels and states in the caller's language. from after to → 4000.",
        querystring: AlarmExportQuery,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
        throw Errors.invalid(TelemetryApiMessage.rangeInvalid, [
          { field: 'querystring.from', rule: TelemetryApiMessage.rangeInvalid, message: 'from is after to' },
        ]);
      }
      const scope = await app.scopeOf(request);
      const [page, language] = await Promise.all([
        alarms.repo.page(scope, query, { offset: 0, limit: ALARM_EXPORT_ROWS_MAX }),
        texts.languageOf(sessionOf(request).userId),
      ]);
      const bytes = await alarmWorkbook({
        rows: await withCatalogueText(catalogue, page.list, languageKey(language)),
        total: page.total,
        texts: await texts.texts(language, ALARM_EXPORT_TEXT_KEYS),
      });
      return sendXlsx(reply, bytes, datedXlsxName('alarms', clock.now()));
    },
  );
};
