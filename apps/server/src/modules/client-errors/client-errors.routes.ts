import {
  ClientErrorDetail,
  ClientErrorGroup,
  ClientErrorLimits,
  ClientErrorQuery,
  ClientErrorReport,
  IdParams,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ClientErrorsService } from './client-errors.service.js';

const tags = ['runtime errors'];

/** The console's runtime errors: reports from any browser, the grouped store for staff. */
export const clientErrorRoutes: FastifyPluginAsyncTypebox<{ errors: ClientErrorsService }> = async (
  app,
  { errors },
) => {
  app.post(
    '/clientError',
    {
      // Before login too (the login page can fail); a valid session names the user. Not audited: a report
      // changes nothing but the store itself, which is its own record.
      config: { public: true, sessionOptional: true, audit: false },
      bodyLimit: ClientErrorLimits.bodyBytesMax,
      schema: {
        tags,
        summary: 'Report an uncaught error of the console (grouped by message, first stack frame and build)',
        description:
          `Bodies over ${ClientErrorLimits.bodyBytesMax} bytes or fields over their limits → 4000, nothing stored. ` +
          `More than ${ClientErrorLimits.reportsPerAddress} reports per client address, or ` +
          `${ClientErrorLimits.reportsPerSession} per session, in ${ClientErrorLimits.windowSeconds} s → 4029.`,
        body: ClientErrorReport,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const session = request.session;
      await errors.report(request.body, {
        address: request.ip,
        userId: session?.userId ?? null,
        sessionId: session?.sessionId ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(null);
    },
  );

  app.get(
    '/clientError/page',
    {
      config: { perm: [Perm.runtimeErrorView] },
      schema: {
        tags,
        summary: 'Groups of runtime errors, the most recently seen first',
        querystring: ClientErrorQuery,
        response: responses(Page(ClientErrorGroup)),
      },
    },
    async (request) => ok(await errors.page(request.query)),
  );

  app.get(
    '/clientError/:id',
    {
      config: { perm: [Perm.runtimeErrorView] },
      schema: {
        tags,
        summary: 'One group of runtime errors with its newest occurrences (4004 when missing)',
        params: IdParams,
        response: responses(ClientErrorDetail),
      },
    },
    async (request) => ok(await errors.detail(request.params.id)),
  );
};
