// Batch register test (back office, docs/remote.md "Batch register test"): one model, one register set (or a
// raw range), many devices; one register.read per device; a result table per device and an XLSX export.
// SKELETON on the s5b branches: the helper building it replaces the handlers.
import {
  Page,
  PageQuery,
  Perm,
  RegisterTestBody,
  RegisterTestIdParams,
  RegisterTestView,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../../lib/errors.js';
import { responses } from '../../lib/envelope.js';

const tags = ['remote'];

export const registerTestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/remote/registerTest',
    {
      config: { perm: [Perm.registerTestRun], audit: { action: 'registerTest.run', target: 'registerTest' } },
      schema: {
        tags,
        summary: 'Run a batch register test: read the same registers from many devices of one model',
        description:
          'Sends one register.read per device (all at once) and answers with the results so far, waiting ' +
          'at most the remote answer wait for the devices to answer.',
        body: RegisterTestBody,
        response: responses(RegisterTestView),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );

  app.get(
    '/remote/registerTest/page',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'Batch register tests, newest first (rows omitted)',
        querystring: PageQuery,
        response: responses(Page(RegisterTestView)),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );

  app.get(
    '/remote/registerTest/:id',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'One batch register test with a row per device',
        params: RegisterTestIdParams,
        response: responses(RegisterTestView),
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );

  app.get(
    '/remote/registerTest/:id/export',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'One batch register test as an XLSX file (a row per device)',
        params: RegisterTestIdParams,
      },
    },
    () => Promise.reject(Errors.unavailable()),
  );
};
