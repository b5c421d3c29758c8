import {
  IdParams,
  Perm,
  ShareLink,
  ShareLinkCreateBody,
  ShareLinkLimits,
  ShareLinkListQuery,
  ShareLinkUpdateBody,
  StationShareQuery,
  StationShareView,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppConfig } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from '../organisation/access.js';
import { ShareLinksService } from './share-links.service.js';

const tags = ['share links'];
const reach = 'A station (or link) outside your reach answers 4004 like a missing one.';

/** Share links of a station (station:share) and the public read-only station view behind a token. */
export const shareLinkRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock; config: AppConfig }> = async (
  app,
  { db, clock, config },
) => {
  const links = new ShareLinksService(db, clock, config.publicUrl);

  app.get(
    '/shareLink/list',
    {
      config: { perm: [Perm.stationShare] },
      schema: {
        tags,
        summary: 'The share links of one station, newest first',
        description: reach,
        querystring: ShareLinkListQuery,
        response: responses(Type.Array(ShareLink)),
      },
    },
    async (request) => ok(await links.list(await callerOf(app, request), request.query.stationId)),
  );

  app.get(
    '/shareLink/:id',
    {
      config: { perm: [Perm.stationShare] },
      schema: {
        tags,
        summary: 'One share link',
        description: reach,
        params: IdParams,
        response: responses(ShareLink),
      },
    },
    async (request) => ok(await links.get(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/shareLink',
    {
      config: { perm: [Perm.stationShare], audit: { action: 'shareLink.create', target: 'shareLink' } },
      schema: {
        tags,
        summary: 'Create a read-only public link to a station',
        description:
          `${reach} The token is 32 random bytes (base64url, 43 characters). expiresAt must lie in the ` +
          `future (4000 share.expiryInPast) or be null (never expires). At most ${ShareLinkLimits.perStationMax} ` +
          'links per station (4000 share.tooManyLinks).',
        body: ShareLinkCreateBody,
        response: responses(ShareLink),
      },
    },
    async (request) => {
      request.auditDetail = { stationId: request.body.stationId };
      const created = await links.create(await callerOf(app, request), request.body);
      request.auditDetail = {
        targetId: created.id,
        stationId: created.stationId,
        expiresAt: created.expiresAt,
      };
      return ok(created);
    },
  );

  app.put(
    '/shareLink',
    {
      config: { perm: [Perm.stationShare], audit: { action: 'shareLink.update', target: 'shareLink' } },
      schema: {
        tags,
        summary: 'Change the title or expiry of a share link, or revoke it (revocation is final)',
        description: reach,
        body: ShareLinkUpdateBody,
        response: responses(ShareLink),
      },
    },
    async (request) => {
      const { id, revoked, expiresAt } = request.body;
      request.auditDetail = { targetId: id };
      const updated = await links.update(await callerOf(app, request), request.body);
      request.auditDetail = {
        targetId: id,
        stationId: updated.stationId,
        revoked: revoked ?? null,
        expiresAt: expiresAt ?? null,
      };
      return ok(updated);
    },
  );

  app.delete(
    '/shareLink/:id',
    {
      config: { perm: [Perm.stationShare], audit: { action: 'shareLink.delete', target: 'shareLink' } },
      schema: {
        tags,
        summary: 'Delete a share link (its address stops working at once)',
        description: reach,
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      const { stationId } = await links.delete(await callerOf(app, request), request.params.id);
      request.auditDetail = { targetId: request.params.id, stationId };
      return ok(null);
    },
  );

  app.get(
    '/station/share',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public read-only view of a shared station (no login)',
        description:
          'Unknown, expired and revoked tokens answer one 4004. Limited to ' +
          `${ShareLinkLimits.publicViewsPerAddress} views per client address per ${ShareLinkLimits.publicWindowSeconds} s (4029).`,
        querystring: StationShareQuery,
        response: responses(StationShareView),
      },
    },
    async (request) => ok(await links.publicView(request.query.token, request.ip)),
  );
};
