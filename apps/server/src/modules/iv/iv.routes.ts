// IV curve scans (docs/iv-curves.md "Scan tasks"): POST /iv/scan sends iv.scan to chosen inverters of one
// station and answers the task with its curves and diagnoses; the task list and one task read again from
// the commands.
import {
  ErrorEnvelope,
  IvAutoScanBody,
  IvAutoScanParams,
  IvAutoScanView,
  IvConditions,
  IvExportQuery,
  IvHistory,
  IvHistoryQuery,
  IvLimits,
  IvScanBody,
  IvStationQuery,
  IvTaskIdParams,
  IvTaskPageQuery,
  IvTaskView,
  Page,
  Perm,
  RemoteLimits,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { ivPointsCsv, ivWorkbook } from './iv-export.js';
import { IvService } from './iv.service.js';

const tags = ['iv'];
const CSV_TYPE = 'text/csv; charset=utf-8';
const file = (type: string) => ({
  content: { [type]: { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
});

export const ivRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  /** How long a scan waits for the inverters' answers (default RemoteLimits.answerWaitMsDefault). */
  answerWaitMs?: number;
}> = async (app, { db, clock, changes, answerWaitMs }) => {
  const service = new IvService({
    db,
    clock,
    changes,
    answerWaitMs: answerWaitMs ?? RemoteLimits.answerWaitMsDefault,
  });

  app.post(
    '/iv/scan',
    {
      config: { perm: [Perm.ivScan], audit: { action: 'iv.scan', target: 'ivTask' } },
      schema: {
        tags,
        summary: "Scan the IV curves of chosen inverters' strings",
        description:
          'The station must be in your reach (else 4004); every device an inverter of that station in your ' +
          'reach (else 4000 iv.deviceNotInStation naming each one that is not); nothing is stored or sent ' +
          'then. Sends one iv.scan per inverter (all at once) and answers the task, waiting at most the ' +
          'remote answer wait (30 s by default): state SCANNING while an inverter has not answered, then ' +
          'COMPLETE, UNFINISHED (some failed or expired) or FAILED. Each curve comes with its diagnosis ' +
          "when the string's modules are stored (GET|PUT /api/device/{id}/pvStrings), else null. A scan " +
          'means something above 600 W/m², best between 11:00 and 13:00 station time (SPEC §9): below, ' +
          'the diagnosis says NOT_JUDGEABLE.',
        body: IvScanBody,
        response: responses(IvTaskView),
      },
    },
    async (request) => {
      const { stationId, deviceIds } = request.body;
      request.auditDetail = { stationId, devices: deviceIds.length };
      const task = await service.scan(
        { scope: await app.scopeOf(request), userId: sessionOf(request).userId, signal: request.signal },
        request.body,
      );
      request.auditDetail = {
        targetId: task.id,
        stationId,
        devices: deviceIds.length,
        state: task.state,
      };
      return ok(task);
    },
  );

  app.get(
    '/iv/task/page',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: 'IV scan tasks of stations in your reach, newest first (devices omitted)',
        description: 'With the inverters per state and the task state; stationId narrows to one station.',
        querystring: IvTaskPageQuery,
        response: responses(Page(IvTaskView)),
      },
    },
    async (request) => ok(await service.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/iv/task/:id',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: 'One IV scan task: every inverter with its curves, figures and diagnoses',
        description:
          'Read from the commands each time: curves that arrived after the scan answered show up here. ' +
          'A task of a station outside your reach answers 4004 like a missing one.',
        params: IvTaskIdParams,
        response: responses(IvTaskView),
      },
    },
    async (request) => ok(await service.detail(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/iv/task/:id/export',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: "Every point of a task's curves as an XLSX (default) or CSV file",
        description:
          'One row per point: task, station, device SN, MPPT, string, scan time (UTC), irradiance, cell ' +
          'temperature, point number, voltage, current and power as measured, and the expected current at ' +
          "that voltage (empty without stored modules). The XLSX file adds a sheet of each string's " +
          'figures, verdict, expected Pmax and Pmax at STC. Same reach as GET /iv/task/{id}.',
        params: IvTaskIdParams,
        querystring: IvExportQuery,
        response: {
          200: { description: 'The points, as an attachment', ...file(XLSX_TYPE), ...file(CSV_TYPE) },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const task = await service.detail(await app.scopeOf(request), request.params.id);
      const name = `iv-${task.id.slice(0, 8)}`;
      if (request.query.format === 'csv')
        return reply
          .header('content-type', CSV_TYPE)
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(Buffer.from(ivPointsCsv(task)));
      return sendXlsx(reply, await ivWorkbook(task), `${name}.xlsx`);
    },
  );

  app.get(
    '/iv/conditions',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: "The station's irradiance now and its local time, against SPEC §9's rule for scans",
        description:
          `A scan means something above ${IvLimits.irradianceMin} W/m², best between ` +
          `${IvLimits.bestFromHour}:00 and ${IvLimits.bestToHour}:00 station time. The irradiance is the ` +
          "average of the station's weather stations' newest readings of the last 15 minutes; null when " +
          'it measures none (then irradianceOk is false). A station outside your reach answers 4004.',
        querystring: IvStationQuery,
        response: responses(IvConditions),
      },
    },
    async (request) => ok(await service.conditions(await app.scopeOf(request), request.query.stationId)),
  );

  app.get(
    '/iv/history',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: "Every answered scan of each of an inverter's strings, oldest first",
        description:
          'Per string: when, irradiance, cell temperature, Pmax, Pmax brought to STC (null when not ' +
          'judgeable or without stored modules), fill factor and verdict — judged against the strings as ' +
          'stored now. The newest 500 scans. A device outside your reach answers 4004.',
        querystring: IvHistoryQuery,
        response: responses(IvHistory),
      },
    },
    async (request) => ok(await service.history(await app.scopeOf(request), request.query.deviceId)),
  );

  app.get(
    '/iv/autoScan/:stationId',
    {
      config: { perm: [Perm.ivView] },
      schema: {
        tags,
        summary: "A station's switch for scans that start themselves on a string alarm",
        description: 'Off unless switched on. A station outside your reach answers 4004.',
        params: IvAutoScanParams,
        response: responses(IvAutoScanView),
      },
    },
    async (request) => ok(await service.autoScan(await app.scopeOf(request), request.params.stationId)),
  );

  app.put(
    '/iv/autoScan/:stationId',
    {
      config: { perm: [Perm.ivScan], audit: { action: 'iv.autoScan', target: 'station' } },
      schema: {
        tags,
        summary: 'Switch scans that start themselves on a string alarm on or off for a station',
        description:
          'When on, a string alarm (the STRING_LOW rule, or a string fault an inverter reports) of an ' +
          'inverter of the station starts a scan of that inverter at the next moment the station measures ' +
          `at least ${IvLimits.irradianceMin} W/m², at most once a day (station time) per inverter; the ` +
          "scan's diagnosis is shown with the alarm. A station outside your reach answers 4004.",
        params: IvAutoScanParams,
        body: IvAutoScanBody,
        response: responses(IvAutoScanView),
      },
    },
    async (request) => {
      const { stationId } = request.params;
      request.auditDetail = { targetId: stationId, enabled: request.body.enabled };
      return ok(
        await service.setAutoScan(
          { scope: await app.scopeOf(request), userId: sessionOf(request).userId },
          stationId,
          request.body.enabled,
        ),
      );
    },
  );
};
