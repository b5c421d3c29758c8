// Webhooks of a company (permission alarm:subscribe) and the public unsubscribe link of subscription mails:
// GET shows what a link names, POST switches it off.
import {
  IdParams,
  NotificationMessage,
  Page,
  Perm,
  UnsubscribeBody,
  UnsubscribeQuery,
  UnsubscribeResult,
  Webhook,
  WebhookCreateBody,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookLimits,
  WebhookUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { NotifySettings } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { Errors } from '../../lib/errors.js';
import { callerOf } from '../organisation/access.js';
import { unsubscribeKey, verifyUnsubscribe } from './unsubscribe-token.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

const tags = ['notifications'];
const reach = 'A webhook of a company outside your reach answers 4004 like a missing one.';
const signing =
  'Each call is a JSON POST with X-Sunfleet-Signature: sha256=<hex HMAC-SHA256 of the raw body keyed by ' +
  'the secret>, X-Sunfleet-Timestamp (Unix seconds, also sentAt in the body) and X-Sunfleet-Delivery.';

export const notificationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  settings: NotifySettings;
}> = async (app, { db, clock, settings }) => {
  const service = new WebhooksService(db, clock, settings);
  const perm = [Perm.alarmSubscribe];

  app.get(
    '/webhook',
    {
      config: { perm },
      schema: {
        tags,
        summary: 'Webhooks of the companies within your reach',
        response: responses(Type.Array(Webhook)),
      },
    },
    async (request) => ok(await service.list(await callerOf(app, request))),
  );

  app.get(
    '/webhook/:id',
    {
      config: { perm },
      schema: {
        tags,
        summary: 'One webhook (the secret is never answered)',
        description: reach,
        params: IdParams,
        response: responses(Webhook),
      },
    },
    async (request) => ok(await service.get(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/webhook',
    {
      config: { perm, audit: { action: 'webhook.create', target: 'webhook' } },
      schema: {
        tags,
        summary:
          "Add a webhook to your company: alarms of stations in the company's subtree are POSTed to it",
        description:
          `${signing} url: absolute http(s), at most ${WebhookLimits.urlMax} characters, no user:password@ ` +
          `(4000 ${NotificationMessage.urlCredentials}); loopback, private and link-local addresses are refused ` +
          `unless WEBHOOK_ALLOW_PRIVATE is on (4000 ${NotificationMessage.urlPrivate}). secret ` +
          `${WebhookLimits.secretMin}–${WebhookLimits.secretMax} characters. events default RAISED and CLEARED. ` +
          `At most ${WebhookLimits.perCompanyMax} per company. Owners (4003) have no company webhooks.`,
        body: WebhookCreateBody,
        response: responses(Webhook),
      },
    },
    async (request) => {
      const created = await service.create(await callerOf(app, request), request.body);
      request.auditDetail = { targetId: created.id, url: created.url, events: created.events };
      return ok(created);
    },
  );

  app.put(
    '/webhook/:id',
    {
      config: { perm, audit: { action: 'webhook.update', target: 'webhook' } },
      schema: {
        tags,
        summary:
          'Change a webhook (fields left out stay as they are); enabled true restarts its failure count',
        description: `${reach} Same rules as creating one.`,
        params: IdParams,
        body: WebhookUpdateBody,
        response: responses(Webhook),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      const updated = await service.update(await callerOf(app, request), request.params.id, request.body);
      request.auditDetail = {
        targetId: updated.id,
        url: updated.url,
        enabled: updated.enabled,
        events: updated.events,
      };
      return ok(updated);
    },
  );

  app.delete(
    '/webhook/:id',
    {
      config: { perm, audit: { action: 'webhook.delete', target: 'webhook' } },
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        description: reach,
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await service.delete(await callerOf(app, request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/webhook/:id/test',
    {
      config: { perm, audit: { action: 'webhook.test', target: 'webhook' } },
      schema: {
        tags,
        summary: 'Send a signed test call now and answer its result (logged as a TEST delivery, not retried)',
        description: `${reach} ${signing}`,
        params: IdParams,
        response: responses(WebhookDelivery),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      const delivery = await service.test(await callerOf(app, request), request.params.id);
      request.auditDetail = {
        targetId: request.params.id,
        state: delivery.state,
        status: delivery.lastStatus,
      };
      return ok(delivery);
    },
  );

  app.get(
    '/webhook/:id/deliveries',
    {
      config: { perm },
      schema: {
        tags,
        summary: 'The delivery log of a webhook, newest first: state, attempts, last answer, next attempt',
        description: reach,
        params: IdParams,
        querystring: WebhookDeliveryQuery,
        response: responses(Page(WebhookDelivery)),
      },
    },
    async (request) =>
      ok(await service.deliveries(await callerOf(app, request), request.params.id, request.query)),
  );

  // Unsubscribe links (docs/alarms.md "Unsubscribe page"). Mails link to the console's public page
  // #/unsubscribe?token=…, which shows what the link names (GET) and switches it off only on a click
  // (POST): mail scanners and link previews fetch links with GET, and a GET must not unsubscribe anyone.
  const repo = new WebhooksRepository(db);
  const named = async (token: string): Promise<number> => {
    const id = verifyUnsubscribe(await unsubscribeKey(db), token);
    // Like a share link: a forged, altered or stale token is simply not found.
    if (id === null) throw Errors.notFound();
    return id;
  };
  const tokenRule =
    'The token is signed by the server; a malformed, forged or stale one answers 4004 and changes nothing.';

  app.get(
    '/subscription/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public: what an unsubscribe link names (station, address, subject, whether still on)',
        description:
          `${tokenRule} Changes nothing. A browser opening the link of an older mail (Accept: text/html) ` +
          'is redirected (303) to the console page #/unsubscribe?token=…, which asks before switching off.',
        querystring: UnsubscribeQuery,
        response: responses(UnsubscribeResult),
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('application/json')) {
        // Relative to /api/subscription/unsubscribe: the console's root, also behind a path prefix.
        return reply.redirect(`../../#/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303);
      }
      const found = await repo.subscriptionNamed(await named(request.query.token));
      if (found === null) throw Errors.notFound();
      return ok(found);
    },
  );

  app.post(
    '/subscription/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public: switch off the event subscription an unsubscribe link names',
        description: `${tokenRule} Repeating it is harmless; an editor can switch the subscription on again.`,
        body: UnsubscribeBody,
        response: responses(UnsubscribeResult),
      },
    },
    async (request) => {
      const id = await named(request.body.token);
      const done = await repo.unsubscribe(id, clock.now());
      if (done === null) throw Errors.notFound();
      return ok(done, NotificationMessage.unsubscribed);
    },
  );
};
