import multipart from '@fastify/multipart';
import {
  FaultCode,
  FaultCodeBody,
  FaultCodeCreated,
  FaultCodeExportQuery,
  FaultCodeIdParams,
  FaultCodeImportResult,
  FaultCodeLimits,
  FaultCodeMessage,
  FaultCodeQuery,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { ok, responses } from '../../lib/envelope.js';
import { readUploadedFile } from '../../lib/xlsx-upload.js';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-writer.js';
import { FaultCodesService } from './fault-codes.service.js';

const tags = ['faultCode'];
const scopeNote =
  'An entry belongs to a device model (modelId), a protocol definition (definitionId) or every device ' +
  '(neither); a code is unique within its scope (else 4009 FaultCodeExists).';

/**
 * The fault-code catalogue (SPEC §3): reads with alarm:view (whoever sees alarms may read what they mean),
 * writes with faultCode:update from a platform account; every write audited.
 */
export const faultCodeRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const service = new FaultCodesService(db);
  // Registered here, not app-wide: only the import accepts multipart bodies.
  await app.register(multipart, {
    limits: { files: 1, fileSize: FaultCodeLimits.importFileBytesMax, fields: 5, parts: 6 },
  });

  app.get(
    '/faultCode/page',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'Catalogue entries by scope, model, definition, device type, code, level and keyword',
        querystring: FaultCodeQuery,
        response: responses(Page(FaultCode)),
      },
    },
    async (request) => ok(await service.page(request.query)),
  );

  app.get(
    '/faultCode/export',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: `The filtered entries as an XLSX file (at most ${FaultCodeLimits.exportRowsMax}), importable unchanged`,
        querystring: FaultCodeExportQuery,
        response: xlsxResponses(),
      },
    },
    async (request, reply) => {
      const file = await service.export(request.query);
      return sendXlsx(reply, file.bytes, file.filename);
    },
  );

  app.post(
    '/faultCode/import',
    {
      config: { perm: [Perm.faultCodeUpdate], audit: { action: 'faultCode.import', target: 'faultCode' } },
      schema: {
        tags,
        summary: 'Add or replace entries from an XLSX file (the export’s columns)',
        description:
          `multipart/form-data with one part named \`file\`: an .xlsx of at most ${FaultCodeLimits.importFileBytesMax} bytes ` +
          `whose first sheet has the export's header row and at most ${FaultCodeLimits.importRowsMax} rows. Each row ` +
          'replaces the entry of its scope and code or adds one. All or nothing: any bad row (unknown definition ' +
          'or model, both given, bad code or level, blank English description, text too long, repeated scope and ' +
          `code) answers 4000 ${FaultCodeMessage.importInvalid} listing each as \`row.<n>.<column>\` and stores nothing.`,
        consumes: ['multipart/form-data'],
        response: responses(FaultCodeImportResult),
      },
    },
    async (request) => {
      const upload = await readUploadedFile(request, {
        maxBytes: FaultCodeLimits.importFileBytesMax,
        tooLargeRule: FaultCodeMessage.importFileTooLarge,
      });
      request.auditDetail = { filename: upload.filename, size: upload.bytes.length };
      const result = await service.import(await app.scopeOf(request), upload.filename, upload.bytes);
      request.auditDetail = { filename: upload.filename, ...result };
      return ok(result);
    },
  );

  app.get(
    '/faultCode/:id',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'One catalogue entry (4004 when missing)',
        params: FaultCodeIdParams,
        response: responses(FaultCode),
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/faultCode',
    {
      config: { perm: [Perm.faultCodeUpdate], audit: { action: 'faultCode.create', target: 'faultCode' } },
      schema: {
        tags,
        summary: 'Add a catalogue entry',
        description: scopeNote,
        body: FaultCodeBody,
        response: responses(FaultCodeCreated),
      },
    },
    async (request) => {
      const { code, modelId, definitionId } = request.body;
      request.auditDetail = { code, modelId, definitionId };
      const id = await service.create(await app.scopeOf(request), request.body);
      request.auditDetail = { targetId: id, code, modelId, definitionId };
      return ok({ id });
    },
  );

  app.put(
    '/faultCode/:id',
    {
      config: { perm: [Perm.faultCodeUpdate], audit: { action: 'faultCode.update', target: 'faultCode' } },
      schema: {
        tags,
        summary: 'Replace a catalogue entry',
        description: scopeNote,
        params: FaultCodeIdParams,
        body: FaultCodeBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { code, modelId, definitionId } = request.body;
      request.auditDetail = { targetId: request.params.id, code, modelId, definitionId };
      await service.update(await app.scopeOf(request), request.params.id, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/faultCode/:id',
    {
      config: { perm: [Perm.faultCodeUpdate], audit: { action: 'faultCode.delete', target: 'faultCode' } },
      schema: {
        tags,
        summary: 'Delete a catalogue entry (a deleted built-in entry is not seeded again)',
        params: FaultCodeIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await service.delete(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
