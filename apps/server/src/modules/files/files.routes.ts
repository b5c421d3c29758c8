import multipart from '@fastify/multipart';
import { AvatarData, ImageUploadLimits, LogoData, Perm } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '@sunfleet/contracts';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { ok, responses } from '../../lib/envelope.js';
import { Errors } from '../../lib/errors.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { scopeIncludesCompany } from '../tenancy/scope.js';
import { FilesRepository, filePath } from './files.repository.js';
import { cleanImage, extensionOf, readUpload } from './image-upload.js';

const tags = ['files'];
// Typed as the Buffer the handler sends: Fastify sends Buffers as they are, without serialising them.
const binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const uploadDescription =
  `multipart/form-data with one part named \`file\`: a .png, .jpg or .jpeg of at most ${ImageUploadLimits.maxBytes} ` +
  'bytes whose content really is PNG or JPEG (4000 rule.imageFileType / security.imageContentInvalid / ' +
  `security.fileTooLarge otherwise). Stored re-encoded, without metadata, within ${ImageUploadLimits.maxEdgePx}×` +
  `${ImageUploadLimits.maxEdgePx} px, under a random id.`;

/** Image uploads (avatar, company logo) and serving stored images by id. */
export const filesRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Registered here, not app-wide: only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: { files: 1, fileSize: ImageUploadLimits.maxBytes, fields: 5, parts: 6 },
  });
  const repo = new FilesRepository(db);

  app.post(
    '/user/avatar',
    {
      config: { perm: [Perm.profileUpdate], audit: { action: 'profile.avatar', target: 'user' } },
      schema: {
        tags,
        summary: "Upload the logged-in user's avatar",
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        response: responses(AvatarData),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      request.auditDetail = { targetId: userId };
      const upload = await readUpload(request);
      const image = await cleanImage(upload.filename, upload.bytes, ImageUploadLimits.maxEdgePx);
      await repo.replaceAvatar(userId, { ...image, kind: 'avatar', ownerUserId: userId, companyId: null });
      request.auditDetail = { targetId: userId, fileId: image.id, size: image.bytes.length };
      return ok({ avatarUrl: filePath(image.id) });
    },
  );

  app.post(
    '/company/:id/logo',
    {
      config: { perm: [Perm.companyUpdate], audit: { action: 'company.logo', target: 'company' } },
      schema: {
        tags,
        summary: "Upload a company's logo (a company in the caller's scope)",
        description: `${uploadDescription} A company outside the caller's scope answers 4004 like a missing one.`,
        consumes: ['multipart/form-data'],
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: responses(LogoData),
      },
    },
    async (request) => {
      const companyId = request.params.id;
      // Scope before reading the upload: a foreign company costs the caller nothing and reveals nothing.
      if (
        !scopeIncludesCompany(await app.scopeOf(request), companyId) ||
        !(await repo.companyExists(companyId))
      )
        throw Errors.notFound();
      const upload = await readUpload(request);
      const image = await cleanImage(upload.filename, upload.bytes, ImageUploadLimits.maxEdgePx);
      await repo.replaceLogo(companyId, {
        ...image,
        kind: 'logo',
        ownerUserId: sessionOf(request).userId,
        companyId,
      });
      request.auditDetail = { targetId: companyId, fileId: image.id, size: image.bytes.length };
      return ok({ logoUrl: filePath(image.id) });
    },
  );

  app.get(
    '/file/:id',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The bytes of a stored image (public: ids are random and unguessable)',
        description:
          'Served with x-content-type-options: nosniff, Content-Disposition: inline with a safe name, a ' +
          'sandboxing Content-Security-Policy and a long cache lifetime (stored images never change).',
        params: Type.Object({
          id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
        }),
        response: {
          200: {
            description: 'PNG or JPEG bytes',
            content: { 'image/png': { schema: binary }, 'image/jpeg': { schema: binary } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const file = await repo.get(request.params.id);
      if (file === null) throw Errors.notFound();
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `inline; filename="${request.params.id}.${extensionOf(file.mime)}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.bytes);
    },
  );
};
