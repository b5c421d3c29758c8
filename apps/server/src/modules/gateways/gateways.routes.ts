import multipart from '@fastify/multipart';
import {
  GatewayBindBody,
  GatewayCredentials,
  GatewayDetail,
  GatewayIdBody,
  GatewayLimits,
  GatewayPageItem,
  GatewayMessage,
  GatewayQuery,
  GatewayRegisterBody,
  GatewayRenameBody,
  IdParams,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { callerOf } from '../organisation/access.js';
import type { GatewaysService } from './gateways.service.js';
import { credentialsWorkbook, readImportUpload } from './import.js';

const tags = ['gateways'];
const secretNote =
  'The password (the MQTT secret) is shown in this answer only: the server keeps a hash and cannot show it again.';

/** Loggers: factory registration and import, secret rotation, binding to stations, rename, list, detail. */
export const gatewayRoutes: FastifyPluginAsyncTypebox<{ gateways: GatewaysService }> = async (
  app,
  { gateways },
) => {
  // Registered here, not app-wide: only the import accepts multipart bodies.
  await app.register(multipart, {
    limits: { files: 1, fileSize: GatewayLimits.importFileBytesMax, fields: 5, parts: 6 },
  });

  app.get(
    '/gateway/page',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Loggers within your reach, by SN or name, station and status',
        description:
          'Status (SPEC §4): OTHER never reported; OFFLINE silent for more than three upload intervals plus a ' +
          'minute; FAULT an open URGENT or IMPORTANT alarm on the logger; otherwise NORMAL. lossRate: telemetry ' +
          'packet loss over the last 24 hours of data time (null when nothing arrived).',
        querystring: GatewayQuery,
        response: responses(Page(GatewayPageItem)),
      },
    },
    async (request) => ok(await gateways.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/gateway/:id',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'One logger with its station and devices (4004 when missing or outside your reach)',
        params: IdParams,
        response: responses(GatewayDetail),
      },
    },
    async (request) => ok(await gateways.detail(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/gateway/register',
    {
      config: { perm: [Perm.gatewayRegister], audit: { action: 'gateway.register', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Register one logger (factory): its MQTT credentials',
        description: `${secretNote} The logger belongs to your company until an installer binds it. Malformed SN → 4000 GatewaySNError; registered SN → 4009.`,
        body: GatewayRegisterBody,
        response: responses(GatewayCredentials),
      },
    },
    async (request) => {
      const { sn, model } = request.body;
      request.auditDetail = { sn, model };
      const created = await gateways.register(await callerOf(app, request), request.body);
      request.auditDetail = { targetId: created.id, sn: created.sn, model };
      return ok(created);
    },
  );

  app.post(
    '/gateway/import',
    {
      config: { perm: [Perm.gatewayRegister], audit: { action: 'gateway.import', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Register loggers from an XLSX file (SN, MAC, Model); answers an XLSX of their credentials',
        description:
          `multipart/form-data with one part named \`file\`: an .xlsx of at most ${GatewayLimits.importFileBytesMax} bytes ` +
          `whose first sheet has the header row SN, MAC, Model and at most ${GatewayLimits.importRowsMax} rows. ` +
          'All or nothing: any bad row (malformed or duplicate SN, already registered, unknown model, bad MAC) ' +
          'answers 4000 listing each as `row.<n>.<column>` and stores nothing. On success the answer is an XLSX ' +
          `(SN, username, password) sent as an attachment. ${secretNote}`,
        consumes: ['multipart/form-data'],
        response: xlsxResponses('XLSX workbook of the new credentials, sent as an attachment'),
      },
    },
    async (request, reply) => {
      const upload = await readImportUpload(request);
      request.auditDetail = { filename: upload.filename, size: upload.bytes.length };
      const created = await gateways.import(await callerOf(app, request), upload.filename, upload.bytes);
      request.auditDetail = {
        filename: upload.filename,
        count: created.length,
        sns: created.slice(0, 50).map((c) => c.sn),
      };
      const file = await credentialsWorkbook(created);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return sendXlsx(reply, file, `logger-credentials-${stamp}.xlsx`);
    },
  );

  app.post(
    '/gateway/:id/secret',
    {
      config: { perm: [Perm.gatewayRegister], audit: { action: 'gateway.secret', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Give a logger a new MQTT secret: the old one stops working, its connection is dropped',
        description: secretNote,
        params: IdParams,
        response: responses(GatewayCredentials),
      },
    },
    async (request) => {
      const rotated = await gateways.rotateSecret(await callerOf(app, request), request.params.id);
      request.auditDetail = { targetId: rotated.id, sn: rotated.sn };
      return ok(rotated);
    },
  );

  app.post(
    '/gateway/bind',
    {
      config: { perm: [Perm.gatewayBind], audit: { action: 'gateway.bind', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Bind a logger to a station by its SN (SPEC §5)',
        description:
          'A station outside your reach → 4004. Malformed SN → 4000 GatewaySNError. An SN that is unknown, ' +
          'already bound or held by another company → 4000 GatewayNotExistOrBound (one answer for all). ' +
          `More than ${GatewayLimits.bindFailuresMax} failed attempts in ${GatewayLimits.bindWindowSeconds / 60} minutes → 4029.`,
        body: GatewayBindBody,
        response: responses(Type.Object({ id: Type.Integer({ description: 'The logger bound' }) })),
      },
    },
    async (request) => {
      const { stationId, sn } = request.body;
      request.auditDetail = { stationId, sn };
      const id = await gateways.bind(await callerOf(app, request), request.body);
      request.auditDetail = { targetId: id, stationId, sn };
      return ok({ id }, GatewayMessage.bindingSucceeded);
    },
  );

  app.post(
    '/gateway/unbind',
    {
      config: { perm: [Perm.gatewayUnbind], audit: { action: 'gateway.unbind', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Unbind a logger from its station (it stays with its company)',
        body: GatewayIdBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.gatewayId };
      await gateways.unbind(await callerOf(app, request), request.body.gatewayId);
      return ok(null);
    },
  );

  app.put(
    '/gateway/name',
    {
      config: { perm: [Perm.gatewayUpdate], audit: { action: 'gateway.rename', target: 'gateway' } },
      schema: {
        tags,
        summary: 'Rename a logger (1–64 characters)',
        body: GatewayRenameBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.gatewayId, name: request.body.name };
      await gateways.rename(await callerOf(app, request), request.body);
      return ok(null, GatewayMessage.renameSucceeded);
    },
  );
};
