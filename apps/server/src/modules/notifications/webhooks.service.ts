// Webhooks of a company (Step 5a): create, change, delete, test, and the delivery log. A webhook belongs
// to the creator's company and receives alarms of stations in that company's subtree; callers reach the
// webhooks of companies in their scope (a foreign id answers 4004 like a missing one).
import { randomUUID } from 'node:crypto';
import {
  NotificationMessage,
  pageWindow,
  RuleMessage,
  WEBHOOK_EVENTS,
  WEBHOOK_SWITCHED_OFF,
  WebhookLimits,
  type FieldError,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookUpdateBody,
} from '@sunfleet/contracts';
import type { NotifySettings } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Caller } from '../organisation/access.js';
import type { DeliveryRow, WebhookRow } from './notify.repository.js';
import { callWebhook, checkWebhookUrl } from './webhook-sender.js';
import { WebhooksRepository } from './webhooks.repository.js';

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    events: row.events.filter((e): e is Webhook['events'][number] =>
      (WEBHOOK_EVENTS as readonly string[]).includes(e),
    ),
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    kind: row.kind,
    alarmId: row.alarmId,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const URL_RULE = {
  invalid: NotificationMessage.urlInvalid,
  credentials: NotificationMessage.urlCredentials,
  private: NotificationMessage.urlPrivate,
} as const;
const URL_TEXT = {
  invalid: 'must be an absolute http:// or https:// URL',
  credentials: 'must not contain user:password@',
  private: 'points to a loopback, private or link-local address (WEBHOOK_ALLOW_PRIVATE is off)',
} as const;

/** Checks the fields present; 4000 naming every failing field, nothing stored. */
function checked(
  body: WebhookUpdateBody,
  allowPrivate: boolean,
): { name?: string; url?: string; secret?: string; enabled?: boolean; events?: string[] } {
  const errors: FieldError[] = [];
  const out: { name?: string; url?: string; secret?: string; enabled?: boolean; events?: string[] } = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (name === '')
      errors.push({ field: 'body.name', rule: RuleMessage.cannotBeBlank, message: 'must not be blank' });
    else out.name = name;
  }
  if (body.url !== undefined) {
    const result = checkWebhookUrl(body.url, allowPrivate);
    if ('problem' in result)
      errors.push({ field: 'body.url', rule: URL_RULE[result.problem], message: URL_TEXT[result.problem] });
    else out.url = result.url.href;
  }
  if (body.secret !== undefined) {
    if (
      body.secret.trim() !== body.secret ||
      Array.from(body.secret, (c) => c.charCodeAt(0)).some((code) => code < 0x20)
    )
      errors.push({
        field: 'body.secret',
        rule: NotificationMessage.secretInvalid,
        message: 'must not start or end with spaces or contain control characters',
      });
    else out.secret = body.secret;
  }
  if (body.events !== undefined) out.events = [...new Set(body.events)];
  if (body.enabled !== undefined) out.enabled = body.enabled;
  if (errors.length > 0) throw Errors.invalid(errors[0]?.rule, errors);
  return out;
}

export class WebhooksService {
  private readonly repo: WebhooksRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly settings: NotifySettings,
  ) {
    this.repo = new WebhooksRepository(db);
  }

  async list(caller: Caller): Promise<Webhook[]> {
    return (await this.repo.list(caller.scope)).map(toWebhook);
  }

  async get(caller: Caller, id: number): Promise<Webhook> {
    return toWebhook(await this.found(caller, id));
  }

  async create(caller: Caller, body: WebhookCreateBody): Promise<Webhook> {
    // Owners reach stations, not companies: a company webhook is not theirs to make.
    if (caller.scope.kind === 'self') throw Errors.forbidden();
    const fields = checked(body, this.settings.webhookAllowPrivate);
    const companyId = caller.session.companyId;
    if ((await this.repo.countOf(companyId)) >= WebhookLimits.perCompanyMax)
      throw Errors.invalid(NotificationMessage.tooManyWebhooks);
    const now = this.clock.now();
    const row = await this.repo.insert({
      companyId,
      name: fields.name ?? body.name,
      url: fields.url ?? body.url,
      secret: fields.secret ?? body.secret,
      enabled: fields.enabled ?? true,
      events: fields.events ?? ['RAISED', 'CLEARED'],
      createdBy: caller.session.userId,
      createdAt: now,
      updatedAt: now,
    });
    return toWebhook(row);
  }

  async update(caller: Caller, id: number, body: WebhookUpdateBody): Promise<Webhook> {
    const found = await this.found(caller, id);
    const fields = checked(body, this.settings.webhookAllowPrivate);
    const now = this.clock.now();
    const reenabled = fields.enabled === true && !found.enabled;
    const row = await this.repo.update(found.id, {
      ...fields,
      // Switching a webhook back on starts its failure count afresh.
      ...(reenabled ? { consecutiveFailures: 0, disabledAt: null, disabledReason: null } : {}),
      ...(fields.enabled === false && found.enabled
        ? { disabledAt: now, disabledReason: WEBHOOK_SWITCHED_OFF }
        : {}),
      updatedAt: now,
    });
    if (!row) throw Errors.notFound();
    if (fields.enabled === false) await this.repo.cancelPending(row.id);
    return toWebhook(row);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const found = await this.found(caller, id);
    await this.repo.delete(found.id);
  }

  async deliveries(
    caller: Caller,
    id: number,
    query: WebhookDeliveryQuery,
  ): Promise<{ total: number; list: WebhookDelivery[] }> {
    const found = await this.found(caller, id);
    const { total, rows } = await this.repo.deliveries(found.id, pageWindow(query));
    return { total, list: rows.map(toDelivery) };
  }

  /**
   * Sends a test call at once (also to a switched-off webhook, so it can be checked before it is switched
   * on) and logs it as a TEST delivery; answers that delivery. Never retried, never counted as a failure
   * of the webhook.
   */
  async test(caller: Caller, id: number): Promise<WebhookDelivery> {
    const hook = await this.found(caller, id);
    const now = this.clock.now();
    const delivery = await this.repo.addDelivery({
      channel: 'WEBHOOK',
      dedupeKey: `test:${hook.id}:${randomUUID()}`,
      kind: 'TEST',
      webhookId: hook.id,
      recipient: hook.url,
      body: '{}',
      state: 'PENDING',
      attempts: 1,
      nextAttemptAt: now,
      lastAttemptAt: now,
      createdAt: now,
    });
    const body = JSON.stringify({
      deliveryId: delivery.id,
      sentAt: now.toISOString(),
      type: 'test',
      event: null,
      alarm: null,
      station: null,
      device: null,
      gateway: null,
    });
    const result = await callWebhook(
      {
        url: hook.url,
        secret: hook.secret,
        body,
        deliveryId: delivery.id,
        sentAtSeconds: Math.floor(now.getTime() / 1000),
      },
      {
        timeoutMs: this.settings.webhookTimeoutMs,
        allowPrivate: this.settings.webhookAllowPrivate,
        userAgent: 'Sunfleet-Webhook/1',
      },
    );
    const settled = await this.repo.settleTest(delivery.id, {
      body,
      state: result.ok ? 'SENT' : 'FAILED',
      lastStatus: result.status,
      lastError: result.error,
      sentAt: result.ok ? this.clock.now() : null,
    });
    return toDelivery(settled);
  }

  private async found(caller: Caller, id: number): Promise<WebhookRow> {
    const row = await this.repo.get(caller.scope, id);
    if (!row) throw Errors.notFound();
    return row;
  }
}
