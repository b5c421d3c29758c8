// App release (docs/app-release.md): the back office's list, create (a package or a store link), publish,
// unpublish and delete; the public current releases and the public download of a published package.
import multipart from '@fastify/multipart';
import {
  AppReleaseCurrentData,
  AppReleaseFields,
  AppReleaseIdParams,
  AppReleaseLimits,
  AppReleaseMessage,
  AppReleasePageQuery,
  AppReleaseView,
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
import type { AppReleaseService } from './app-release.service.js';

const tags = ['appRelease'];
const APK_MIME = 'application/vnd.android.package-archive';

const FILE_RESPONSE = {
  200: {
    description: 'The Android package, as an attachment',
    content: { [APK_MIME]: { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
  },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

function sendPackage(reply: FastifyReply, file: { fileName: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('content-type', APK_MIME)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .send(file.bytes);
}

export const appReleaseRoutes: FastifyPluginAsyncTypebox<{
  releases: AppReleaseService;
  maxBytes: number;
}> = async (app, { releases, maxBytes }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: maxBytes } });

  app.post(
    '/appRelease',
    {
      config: { perm: [Perm.appReleaseCreate], audit: { action: 'appRelease.create', target: 'appRelease' } },
      bodyLimit: maxBytes + 65_536,
      schema: {
        tags,
        summary: 'Add a companion-app release: an Android package or a store link',
        description:
          'multipart/form-data: platform (ANDROID, IOS), version (rule.versionFormat; newer than the ' +
          "platform's current release — appRelease.versionNotNewer — and not listed already — " +
          'appRelease.versionExists), notes, publish ("true" publishes at once), and EITHER storeUrl (https — ' +
          'appRelease.storeUrlHttps) OR the part `file` (Android only — appRelease.iosStoreOnly; an .apk — ' +
          'appRelease.fileType — that is a ZIP holding AndroidManifest.xml — appRelease.notAnApk; at most ' +
          `APP_RELEASE_MAX_BYTES — ${AppReleaseLimits.fileBytesDefault} bytes by default). Neither or both: ` +
          'appRelease.fileOrStoreLink. Nothing is stored on any refusal.',
        consumes: ['multipart/form-data'],
        response: responses(AppReleaseView),
      },
    },
    async (request) => {
      const form = await readMultipartForm(
        request,
        AppReleaseFields,
        maxBytes,
        AppReleaseMessage.fileTooLarge,
      );
      const release = await releases.create(sessionOf(request).userId, form.fields, form.file);
      request.auditDetail = {
        targetId: release.id,
        platform: release.platform,
        version: release.version,
        source: release.source,
        storeUrl: release.storeUrl,
        sha256: release.sha256,
        published: release.published,
      };
      return ok(release);
    },
  );

  app.get(
    '/appRelease/page',
    {
      config: { perm: [Perm.appReleaseView] },
      schema: {
        tags,
        summary:
          'Companion-app releases per platform (Android first), highest version first, with the current one marked',
        querystring: AppReleasePageQuery,
        response: responses(Page(AppReleaseView)),
      },
    },
    async (request) => ok(await releases.page(request.query)),
  );

  app.get(
    '/appRelease/current',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The current release of each platform (public: the login page and the app itself ask)',
        description:
          'The newest published release per platform with the link phones get it from (its store page, or ' +
          'the public download of its package); null for a platform without one.',
        response: responses(AppReleaseCurrentData),
      },
    },
    async () => ok(await releases.current()),
  );

  app.get(
    '/appRelease/download/:id',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public download of a published Android package',
        description: '4004 for a release that is not published, has no package, or never was.',
        params: AppReleaseIdParams,
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) => sendPackage(reply, await releases.file(request.params.id, true)),
  );

  app.get(
    '/appRelease/:id/file',
    {
      config: { perm: [Perm.appReleaseView] },
      schema: {
        tags,
        summary: 'Download the package of any release, published or not (back office)',
        params: AppReleaseIdParams,
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) => sendPackage(reply, await releases.file(request.params.id, false)),
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/appRelease/:id/${action}`,
      {
        config: {
          perm: [Perm.appReleaseCreate],
          audit: { action: `appRelease.${action}`, target: 'appRelease' },
        },
        schema: {
          tags,
          summary: published
            ? 'Publish a release: the newest published version of a platform is its current one'
            : 'Withdraw a release: the newest other published version becomes current',
          params: AppReleaseIdParams,
          response: responses(AppReleaseView),
        },
      },
      async (request) => {
        const release = await releases.setPublished(request.params.id, published);
        request.auditDetail = {
          platform: release.platform,
          version: release.version,
          current: release.current,
        };
        return ok(release);
      },
    );
  }

  app.delete(
    '/appRelease/:id',
    {
      config: { perm: [Perm.appReleaseCreate], audit: { action: 'appRelease.delete', target: 'appRelease' } },
      schema: {
        tags,
        summary: 'Delete a release (and its package)',
        params: AppReleaseIdParams,
        response: responses(AppReleaseView),
      },
    },
    async (request) => {
      const release = await releases.delete(request.params.id);
      request.auditDetail = {
        platform: release.platform,
        version: release.version,
        wasCurrent: release.current,
      };
      return ok(release);
    },
  );
};
