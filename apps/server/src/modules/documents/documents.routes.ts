// Platform documents (docs/documents.md): upload, new versions, the list and versions, details and
// visibility, delete, and downloads served as attachments with nosniff.
import multipart from '@fastify/multipart';
import {
  DOCUMENT_MIME,
  DocumentIdParams,
  DocumentLimits,
  DocumentMessage,
  DocumentPageQuery,
  DocumentRoleOption,
  DocumentUpdateBody,
  DocumentUploadFields,
  DocumentVersionFields,
  DocumentVersionParams,
  DocumentVersionView,
  DocumentView,
  ErrorEnvelope,
  Page,
  Perm,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { attachmentDisposition, readMultipartForm } from '../../lib/multipart-form.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { DocumentsService } from './documents.service.js';

const tags = ['documents'];

const FILE_RESPONSE = {
  200: {
    description: 'The file, as an attachment',
    content: {
      'application/octet-stream': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
    },
  },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

function sendFile(
  reply: FastifyReply,
  file: { fileName: string; kind: keyof typeof DOCUMENT_MIME; bytes: Buffer },
): FastifyReply {
  return reply
    .header('content-type', DOCUMENT_MIME[file.kind])
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .send(file.bytes);
}

export const documentsRoutes: FastifyPluginAsyncTypebox<{
  documents: DocumentsService;
  maxBytes: number;
}> = async (app, { documents, maxBytes }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: maxBytes } });
  const uploadDescription =
    'multipart/form-data: the file in the part `file` (PDF, PNG, JPEG, DOCX, XLSX, PPTX, TXT or MD, at most ' +
    `DOCUMENT_MAX_BYTES — ${DocumentLimits.fileBytesDefault} bytes by default). The extension AND the content ` +
    'must agree (magic bytes; Office files are ZIPs holding [Content_Types].xml and their main part; text is ' +
    'UTF-8 without NUL). 4000 with the field and its rule — documents.fileType, documents.contentMismatch, ' +
    'documents.emptyFile, documents.fileTooLarge — and nothing stored.';

  app.post(
    '/document',
    {
      config: { perm: [Perm.documentsUpdate], audit: { action: 'document.upload', target: 'document' } },
      bodyLimit: maxBytes + 65_536,
      schema: {
        tags,
        summary: 'Upload a new platform document (its first version)',
        description: `${uploadDescription} Fields: title, description, category, visibleTo ("all" or role ids, comma-separated; documents.unknownRole, documents.visibilityInvalid), versionLabel, notes.`,
        consumes: ['multipart/form-data'],
        response: responses(DocumentView),
      },
    },
    async (request) => {
      const form = await readMultipartForm(
        request,
        DocumentUploadFields,
        maxBytes,
        DocumentMessage.fileTooLarge,
      );
      const document = await documents.upload(sessionOf(request), form.fields, form.file);
      request.auditDetail = {
        targetId: document.id,
        title: document.title,
        fileName: document.current.fileName,
        size: document.current.size,
        sha256: document.current.sha256,
        visibleToAll: document.visibleToAll,
        roleIds: document.roles.map((r) => r.id),
      };
      return ok(document);
    },
  );

  app.post(
    '/document/:id/version',
    {
      config: { perm: [Perm.documentsUpdate], audit: { action: 'document.version', target: 'document' } },
      bodyLimit: maxBytes + 65_536,
      schema: {
        tags,
        summary: 'Upload a new version of a document; it becomes the current one',
        description: `${uploadDescription} Fields: versionLabel, notes. 4004 for a missing document.`,
        consumes: ['multipart/form-data'],
        params: DocumentIdParams,
        response: responses(DocumentView),
      },
    },
    async (request) => {
      const form = await readMultipartForm(
        request,
        DocumentVersionFields,
        maxBytes,
        DocumentMessage.fileTooLarge,
      );
      const document = await documents.addVersion(
        sessionOf(request),
        request.params.id,
        form.fields,
        form.file,
      );
      request.auditDetail = {
        targetId: document.id,
        version: document.current.number,
        fileName: document.current.fileName,
        size: document.current.size,
        sha256: document.current.sha256,
      };
      return ok(document);
    },
  );

  app.get(
    '/document/page',
    {
      config: { perm: [Perm.documentsView] },
      schema: {
        tags,
        summary: 'Platform documents, last changed first',
        description:
          'With documents:update every document; otherwise only those visible to all or to one of the ' +
          "caller's roles. `q` searches title, description and category.",
        querystring: DocumentPageQuery,
        response: responses(Page(DocumentView)),
      },
    },
    async (request) => ok(await documents.page(sessionOf(request), request.query)),
  );

  app.get(
    '/document/roles',
    {
      config: { perm: [Perm.documentsUpdate] },
      schema: {
        tags,
        summary: 'The roles a document may be shown to (the visibility editor)',
        response: responses(Type.Array(DocumentRoleOption)),
      },
    },
    async () => ok(await documents.roleOptions()),
  );

  app.get(
    '/document/:id',
    {
      config: { perm: [Perm.documentsView] },
      schema: {
        tags,
        summary: 'One document; 4004 when missing or not visible to the caller',
        params: DocumentIdParams,
        response: responses(DocumentView),
      },
    },
    async (request) => ok(await documents.detail(sessionOf(request), request.params.id)),
  );

  app.get(
    '/document/:id/versions',
    {
      config: { perm: [Perm.documentsView] },
      schema: {
        tags,
        summary: "A document's versions, newest (current) first",
        params: DocumentIdParams,
        response: responses(Type.Array(DocumentVersionView)),
      },
    },
    async (request) => ok(await documents.versions(sessionOf(request), request.params.id)),
  );

  app.put(
    '/document/:id',
    {
      config: { perm: [Perm.documentsUpdate], audit: { action: 'document.update', target: 'document' } },
      schema: {
        tags,
        summary: "Change a document's title, description, category and who may see it",
        description:
          'roleIds must name existing roles (4000 documents.unknownRole); ignored when visibleToAll.',
        params: DocumentIdParams,
        body: DocumentUpdateBody,
        response: responses(DocumentView),
      },
    },
    async (request) => {
      const { before, after } = await documents.update(sessionOf(request), request.params.id, request.body);
      request.auditDetail = {
        title: after.title,
        visibility: {
          before: before.visibleToAll ? 'all' : before.roles.map((r) => r.id),
          after: after.visibleToAll ? 'all' : after.roles.map((r) => r.id),
        },
      };
      return ok(after);
    },
  );

  app.delete(
    '/document/:id',
    {
      config: { perm: [Perm.documentsUpdate], audit: { action: 'document.delete', target: 'document' } },
      schema: {
        tags,
        summary: 'Delete a document with all its versions',
        params: DocumentIdParams,
        response: responses(DocumentView),
      },
    },
    async (request) => {
      const document = await documents.delete(sessionOf(request), request.params.id);
      request.auditDetail = { title: document.title, versions: document.versionCount };
      return ok(document);
    },
  );

  app.get(
    '/document/:id/download',
    {
      config: { perm: [Perm.documentsView] },
      schema: {
        tags,
        summary: 'Download the current version (attachment, nosniff); 4004 when not visible',
        params: DocumentIdParams,
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) =>
      sendFile(reply, await documents.file(sessionOf(request), request.params.id, null)),
  );

  app.get(
    '/document/:id/version/:versionId/download',
    {
      config: { perm: [Perm.documentsView] },
      schema: {
        tags,
        summary: 'Download one version (attachment, nosniff); 4004 when not visible',
        params: DocumentVersionParams,
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) =>
      sendFile(reply, await documents.file(sessionOf(request), request.params.id, request.params.versionId)),
  );
};
