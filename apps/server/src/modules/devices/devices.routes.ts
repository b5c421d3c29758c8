import {
  DEVICE_EXPORT_ROWS_MAX,
  DeviceDetail,
  DeviceExportQuery,
  IdParams,
  Perm,
  PvStringsBody,
  PvStringsView,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { DevicesService } from './devices.service.js';

const tags = ['devices'];

/** One device: detail with the display groups of its model, and its history as an XLSX download. */
export const devicesRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const service = new DevicesService(db, clock);

  app.get(
    '/device/:id',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'One device with its status, MPPT count and the display groups of its measures',
        description:
          "Groups and measures come from the protocol definition of the device's model (registry); a " +
          'model without a definition has no groups. 4004 when missing or outside your reach.',
        params: IdParams,
        response: responses(DeviceDetail),
      },
    },
    async (request) => ok(await service.detail(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/device/:id/history/export',
    {
      config: { perm: [Perm.historyExport] },
      schema: {
        tags,
        summary: 'Stored readings of chosen measures between from and to as an XLSX file',
        description:
          'Range as /device/{id}/history (epoch ms, inclusive, at most 31 days). One sheet: a header row ' +
          "of measure names with units, one row per reading time in the station's time zone, oldest first; " +
          `at most ${DEVICE_EXPORT_ROWS_MAX} rows, then a note row saying the export was cut. A measure ` +
          "the device's model does not have → 4000 stationDevices.measureUnknown.",
        params: IdParams,
        querystring: DeviceExportQuery,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const file = await service.export(
        await app.scopeOf(request),
        sessionOf(request).userId,
        request.params.id,
        request.query,
      );
      return sendXlsx(reply, file.bytes, file.filename);
    },
  );

  app.get(
    '/device/:id/pvStrings',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: "An inverter's PV strings: module datasheet and modules in series per MPPT input and string",
        description:
          'What an IV scan compares each string with (docs/iv-curves.md), with the MPPT count of the model and ' +
          'the built-in module datasheets to choose from. Empty until set. 4004 when missing or outside your reach.',
        params: IdParams,
        response: responses(PvStringsView),
      },
    },
    async (request) => ok(await service.pvStrings(await app.scopeOf(request), request.params.id)),
  );

  app.put(
    '/device/:id/pvStrings',
    {
      config: {
        perm: [Perm.deviceUpdate],
        audit: { action: 'device.pvStrings.update', target: 'device' },
      },
      schema: {
        tags,
        summary: "Replaces an inverter's PV strings",
        description:
          'Every string at once (an empty list clears them). 4000 naming the first string at fault, nothing ' +
          "stored: pv.notInverter, pv.mpptOutOfRange (beyond the model's MPPT inputs), pv.duplicateString, " +
          'pv.moduleInvalid (a datasheet no real module has). 4004 when missing or outside your reach.',
        params: IdParams,
        body: PvStringsBody,
        response: responses(PvStringsView),
      },
    },
    async (request) =>
      ok(
        await service.setPvStrings(
          await app.scopeOf(request),
          request.params.id,
          request.body,
          sessionOf(request).userId,
        ),
      ),
  );
};
