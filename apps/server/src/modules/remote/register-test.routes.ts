// Batch register test (back office, docs/remote.md "Batch register test"): one model, one register set (or a
// raw range), many devices; one register.read per device; a result table per device and an XLSX export.
import {
  Page,
  PageQuery,
  Perm,
  RemoteLimits,
  RegisterTestBody,
  RegisterTestIdParams,
  RegisterTestView,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { datedXlsxName, sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { DevicesRepository } from '../devices/devices.repository.js';
import { RegisterTestService } from './register-test.service.js';
import { REGISTER_TEST_TEXT_KEYS, registerTestWorkbook } from './register-test.workbook.js';

const tags = ['remote'];

export const registerTestRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  /** How long a run waits for the devices' answers (default RemoteLimits.answerWaitMsDefault). */
  answerWaitMs?: number;
}> = async (app, { db, clock, changes, answerWaitMs }) => {
  const tests = new RegisterTestService({
    db,
    clock,
    changes,
    answerWaitMs: answerWaitMs ?? RemoteLimits.answerWaitMsDefault,
  });
  const texts = new DevicesRepository(db);

  app.post(
    '/remote/registerTest',
    {
      config: { perm: [Perm.registerTestRun], audit: { action: 'registerTest.run', target: 'registerTest' } },
      schema: {
        tags,
        summary: 'Run a batch register test: read the same registers from many devices of one model',
        description:
          'keys (registers of the model’s definition; read as the one span covering them, at most ' +
          `${RemoteLimits.readCountMax} registers) or address and count. Every device must be in your reach ` +
          'and of the model (else 4000 remote.registerTestDevice naming each such device); unknown keys ' +
          'answer 4000 remote.unknownRegister; nothing is stored or sent then. Sends one register.read per ' +
          'device (all at once) and answers with a row per device, waiting at most the remote answer wait ' +
          '(30 s by default) for the devices to answer; rows still open then show their state.',
        body: RegisterTestBody,
        response: responses(RegisterTestView),
      },
    },
    async (request) => {
      const { model, deviceIds } = request.body;
      request.auditDetail = { model, devices: deviceIds.length };
      const test = await tests.run(
        { scope: await app.scopeOf(request), userId: sessionOf(request).userId, signal: request.signal },
        request.body,
      );
      request.auditDetail = {
        targetId: test.id,
        model,
        devices: deviceIds.length,
        done: test.done,
        failed: test.failed,
        open: test.open,
      };
      return ok(test);
    },
  );

  app.get(
    '/remote/registerTest/page',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'Batch register tests, newest first (rows omitted)',
        description: 'Tests whose devices are all within your reach, with devices per state.',
        querystring: PageQuery,
        response: responses(Page(RegisterTestView)),
      },
    },
    async (request) => ok(await tests.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/remote/registerTest/:id',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'One batch register test with a row per device',
        description:
          'Rows are read from the commands each time: answers that arrived after the run show up here.',
        params: RegisterTestIdParams,
        response: responses(RegisterTestView),
      },
    },
    async (request) => ok(await tests.detail(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/remote/registerTest/:id/export',
    {
      config: { perm: [Perm.registerTestView] },
      schema: {
        tags,
        summary: 'One batch register test as an XLSX file (a row per device)',
        description:
          'SN, logger, station, state and error, then one column per register (its decoded value) or the ' +
          "raw words as hex; headers and states in the caller's language.",
        params: RegisterTestIdParams,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const [{ test, nameKeys }, language] = await Promise.all([
        tests.withNames(await app.scopeOf(request), request.params.id),
        texts.languageOf(sessionOf(request).userId),
      ]);
      const bytes = await registerTestWorkbook({
        test,
        nameKeys,
        texts: await texts.texts(language, [...REGISTER_TEST_TEXT_KEYS, ...nameKeys.values()]),
      });
      return sendXlsx(reply, bytes, datedXlsxName('register-test', clock.now()));
    },
  );
};
