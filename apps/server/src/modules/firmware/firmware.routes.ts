// Firmware library (docs/firmware.md): upload (multipart), list, delete, the trusted public keys, and the
// download links loggers fetch images through.
import multipart from '@fastify/multipart';
import {
  ErrorEnvelope,
  FirmwareDownloadParams,
  FirmwareIdParams,
  FirmwareLimits,
  FirmwareMessage,
  FirmwarePageQuery,
  FirmwarePublicKeyView,
  FirmwareUploadFields,
  FirmwareView,
  Page,
  Perm,
  SecurityMessage,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { attachmentDisposition, readMultipartForm } from '../../lib/multipart-form.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { FirmwareService, FirmwareUpload } from './firmware.service.js';

const tags = ['firmware'];

/** The one `file` part (at most `maxBytes`) and the fields of FirmwareUploadFields; 4000 otherwise. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<FirmwareUpload> {
  const { file, fields } = await readMultipartForm(
    request,
    FirmwareUploadFields,
    maxBytes,
    FirmwareMessage.fileTooLarge,
  );
  if (file === null)
    throw invalidField('body.file', SecurityMessage.fileRequired, "expected one file in the field 'file'");
  return { ...file, fields };
}

export const firmwareRoutes: FastifyPluginAsyncTypebox<{
  firmware: FirmwareService;
  maxBytes: number;
}> = async (app, { firmware, maxBytes }) => {
  // Registered here, not app-wide: only the upload accepts multipart bodies.
  await app.register(multipart, { limits: { files: 1, fileSize: maxBytes } });

  app.post(
    '/firmware',
    {
      config: { perm: [Perm.firmwareCreate], audit: { action: 'firmware.upload', target: 'firmware' } },
      // The image may be as large as FIRMWARE_MAX_BYTES; the fields add a few kilobytes.
      bodyLimit: maxBytes + 65_536,
      schema: {
        tags,
        summary: 'Upload a firmware image to the library (SPEC §3, §5)',
        description:
          'multipart/form-data: the image in the part `file` (.bin or .mbt, not empty, at most ' +
          `FIRMWARE_MAX_BYTES — ${FirmwareLimits.fileBytesDefault} bytes by default) and the text fields ` +
          'deviceType, model, version (rule.versionFormat), optionally notes, compatibleModels (comma-separated, ' +
          'of the same device type), minVersion (the oldest version that may take this image) and signature ' +
          "(a vendor's detached Ed25519 signature, base64, over the 32 bytes of the file's SHA-256). " +
          'Everything is checked before anything is stored: 4000 with the field and its rule — ' +
          'rule.firmwareFileType, firmware.emptyFile, firmware.fileTooLarge, firmware.unknownModel, ' +
          'firmware.minVersionAboveVersion, firmware.versionExists, firmware.signatureInvalid (no trusted vendor ' +
          'key made it), firmware.signatureRequired (FIRMWARE_REQUIRE_VENDOR_SIGNATURE). Without a vendor ' +
          'signature the platform signs the image with its own key.',
        consumes: ['multipart/form-data'],
        response: responses(FirmwareView),
      },
    },
    async (request) => {
      const upload = await readUpload(request, maxBytes);
      request.auditDetail = {
        model: upload.fields.model,
        version: upload.fields.version,
        size: upload.bytes.length,
      };
      const image = await firmware.upload(sessionOf(request).userId, upload);
      request.auditDetail = {
        targetId: image.id,
        deviceType: image.deviceType,
        model: image.model,
        version: image.version,
        sha256: image.sha256,
        signedBy: image.signedBy,
      };
      return ok(image);
    },
  );

  app.get(
    '/firmware/page',
    {
      config: { perm: [Perm.firmwareView] },
      schema: {
        tags,
        summary: 'The firmware library, newest first',
        description:
          'The library is the platform’s: every user with firmware:view sees every image. `model` finds ' +
          'images made for that model or compatible with it; `q` searches version, model and file name.',
        querystring: FirmwarePageQuery,
        response: responses(Page(FirmwareView)),
      },
    },
    async (request) => ok(await firmware.page(request.query)),
  );

  app.get(
    '/firmware/publicKey',
    {
      config: { perm: [Perm.firmwareView] },
      schema: {
        tags,
        summary: 'The public key loggers trust for firmware, and the vendor keys uploads may be signed with',
        description:
          'The platform key as SPKI PEM and as base64 of its 32 raw bytes, with its fingerprint (first 16 hex ' +
          'digits of the SHA-256 of the raw bytes). A logger must trust it (and any vendor key whose ' +
          'signatures it should accept) to install images from this platform.',
        response: responses(FirmwarePublicKeyView),
      },
    },
    async () => ok(firmware.publicKey()),
  );

  app.delete(
    '/firmware/:id',
    {
      config: { perm: [Perm.firmwareDelete], audit: { action: 'firmware.delete', target: 'firmware' } },
      schema: {
        tags,
        summary: 'Delete a firmware image',
        description: 'Answers the deleted image; 4004 when there is none.',
        params: FirmwareIdParams,
        response: responses(FirmwareView),
      },
    },
    async (request) => {
      const image = await firmware.delete(request.params.id);
      request.auditDetail = { model: image.model, version: image.version, sha256: image.sha256 };
      return ok(image);
    },
  );

  app.get(
    '/firmware/download/:token',
    {
      // The link is the credential: loggers fetch without a session.
      config: { public: true },
      schema: {
        tags,
        summary: "A logger's download of the image of its upgrade command",
        description:
          'Only through the link sent in firmware.upgrade: it works while its command is open and until it ' +
          'expires; afterwards (or for a token that never was) 4004 firmware.downloadGone.',
        params: FirmwareDownloadParams,
        response: {
          200: {
            description: 'The image',
            content: {
              'application/octet-stream': {
                schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
              },
            },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const image = await firmware.download(request.params.token);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(image.fileName))
        .header('x-sha256', image.sha256)
        .send(image.bytes);
    },
  );
};
