import { AuditEntry, AuditFilterQuery, AuditPageQuery, Page, Perm } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { AuditLogService } from './audit-log.service.js';

const tags = ['audit'];

/** "Log management": the audit trail in the caller's scope, as pages and as an XLSX export. */
export const auditLogRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const audit = new AuditLogService(db, clock);

  app.get(
    '/log/page',
    {
      config: { perm: [Perm.logView] },
      schema: {
        tags,
        summary:
          'Audit rows, newest first: all for the platform, their companies’ for distributors and installers, ' +
          'their own for owners',
        querystring: AuditPageQuery,
        response: responses(Page(AuditEntry)),
      },
    },
    async (request) => ok(await audit.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/log/export',
    {
      config: { perm: [Perm.logExport] },
      schema: {
        tags,
        summary: 'The same filtered rows as an XLSX file (newest 50,000 at most; the file says when capped)',
        querystring: AuditFilterQuery,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const file = await audit.export(await app.scopeOf(request), sessionOf(request), request.query, {
        clientAddress: request.ip,
        requestId: request.id,
      });
      return sendXlsx(reply, file.bytes, file.filename);
    },
  );
};
