// The notification worker (docs/alarms.md "Notifications"). Each round:
//  1. fan-out: claims queued alarm events (FOR UPDATE SKIP LOCKED) and, in the same transaction, writes one
//     delivery per REAL_TIME (or, for ESCALATED, ESCALATION) subscription and matching webhook (unique dedupe keys) and drops the queue rows;
//  2. digests: claims FIXED_TIME subscriptions whose time has come, writes the day's digest delivery (key
//     per subscription and local date) and the next due time, in one transaction;
//  3. deliveries: claims due deliveries with a lease (committed), sends each, then settles it (SENT, a
//     retry time with exponential back-off, or FAILED) only while the claim is still its own.
// Several processes may run it: every step claims in the database, so each event is fanned out once and
// each delivery sent by one worker at a time.
import { randomUUID } from 'node:crypto';
import type { NotifySettings } from '../../config/config.js';
import type { Database, Db } from '../../db/client.js';
import { nextLocalTime, localDayStart } from '@sunfleet/domain';
import type { LanguageKey, WebhookPayload } from '@sunfleet/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../services/mailer.js';
import { WorkerLoop } from '../../services/worker-loop.js';
import {
  composeAlarmMail,
  composeDigestMail,
  languageOf,
  mailedTo,
  NotificationTexts,
  type AlarmFacts,
  type CatalogueText,
  type StationFacts,
} from './notification-texts.js';
import { FaultCatalogue } from '../fault-codes/describe.js';
import {
  NotifyRepository,
  type DeliveryRow,
  type NewDelivery,
  type QueuedEvent,
} from './notify.repository.js';
import { signUnsubscribe, unsubscribeKey } from './unsubscribe-token.js';
import { callWebhook } from './webhook-sender.js';

const EVENTS_PER_TRANSACTION = 100;
const DIGESTS_PER_TRANSACTION = 50;
const DELIVERIES_PER_CLAIM = 20;
/** Claim transactions per round before the worker yields to its timer. */
const MAX_BATCHES = 50;
/** A claim outlives the slowest send (SMTP 60 s, webhooks at most 60 s) with room to spare. */
export const LEASE_MS = 5 * 60_000;
const MAX_RETRY_DELAY_MS = 3_600_000;

export interface NotificationWorkerDeps {
  database: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  settings: NotifySettings;
  /** PUBLIC_URL: links in mails and the host of Message-IDs. */
  publicUrl: string;
  userAgent?: string;
}

export interface RoundResult {
  events: number;
  digests: number;
  sent: number;
  retried: number;
  failed: number;
}

/** Workers started in this process, kicked when this process queues work (tests, the webhook test call). */
const running = new Set<NotificationWorker>();

export function wakeNotificationWorkers(): void {
  for (const worker of running) worker.kick();
}

/** Delay before attempt n + 1 after n failed attempts: base · 2^(n−1), at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export function webhookPayload(
  event: QueuedEvent,
  station: StationFacts,
): Omit<WebhookPayload, 'deliveryId' | 'sentAt'> {
  const a = event.alarm;
  return {
    type: `alarm.${event.kind.toLowerCase() as Lowercase<QueuedEvent['kind']>}`,
    event: { id: event.eventId, kind: event.kind, at: event.at.toISOString() },
    alarm: {
      id: a.id,
      code: a.code,
      level: a.level,
      kind: a.kind,
      message: a.message,
      startedAt: a.startedAt.toISOString(),
      endedAt: a.endedAt?.toISOString() ?? null,
    },
    station: { id: station.id, name: station.name, timeZone: station.timeZone },
    device:
      a.deviceId === null || a.deviceSn === null
        ? null
        : { id: a.deviceId, sn: a.deviceSn, name: a.deviceName },
    gateway: { id: a.gatewayId, sn: a.gatewaySn },
  };
}

export class NotificationWorker {
  private readonly loop: WorkerLoop;
  private readonly base: string;
  private readonly host: string;

  constructor(private readonly deps: NotificationWorkerDeps) {
    this.base = deps.publicUrl.replace(/\/$/, '');
    this.host = new URL(deps.publicUrl).hostname || 'sunfleet.invalid';
    this.loop = new WorkerLoop({
      name: 'notifications',
      intervalMs: deps.settings.intervalMs,
      log: deps.log,
      round: () => this.runOnce(),
    });
  }

  start(): void {
    running.add(this);
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  async stop(): Promise<void> {
    running.delete(this);
    await this.loop.stop();
  }

  /** One round: fan-out, digests, then the due deliveries. */
  async runOnce(): Promise<RoundResult> {
    const texts = await NotificationTexts.load(this.deps.database.db);
    const key = await unsubscribeKey(this.deps.database.db);
    const events = await this.fanOutQueued(texts, key);
    const digests = await this.writeDueDigests(texts, key);
    return { events, digests, ...(await this.sendDue()) };
  }

  /** Turns every queued event into deliveries; answers how many events it took. */
  async fanOutQueued(texts?: NotificationTexts, key?: Buffer): Promise<number> {
    const t = texts ?? (await NotificationTexts.load(this.deps.database.db));
    const k = key ?? (await unsubscribeKey(this.deps.database.db));
    let events = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await this.transaction((tx) => this.fanOut(tx, t, k));
      events += n;
      if (n < EVENTS_PER_TRANSACTION) break;
    }
    return events;
  }

  private async writeDueDigests(texts: NotificationTexts, key: Buffer): Promise<number> {
    let written = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await this.transaction((tx) => this.digests(tx, texts, key));
      written += n.written;
      if (n.claimed < DIGESTS_PER_TRANSACTION) break;
    }
    return written;
  }

  /** Claims and sends the due deliveries. */
  async sendDue(): Promise<Pick<RoundResult, 'sent' | 'retried' | 'failed'>> {
    const result = { sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < MAX_BATCHES; i++) {
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((d) => this.deliver(d)));
      for (const o of outcomes) result[o]++;
      if (claimed.length < DELIVERIES_PER_CLAIM) break;
    }
    return result;
  }

  private links(
    stationId: number,
    subscriptionId: number,
    key: Buffer,
  ): { station: string; unsubscribe: string } {
    return {
      station: `${this.base}/#/station/detail/${stationId}`,
      // The console's page shows what the link switches off and asks for a click: a mail scanner that
      // fetches the link changes nothing (docs/alarms.md "Unsubscribe page").
      unsubscribe: `${this.base}/#/unsubscribe?token=${signUnsubscribe(key, subscriptionId)}`,
    };
  }

  /** Turns one batch of queued events into deliveries; answers how many events it took. */
  private async fanOut(tx: Db, texts: NotificationTexts, key: Buffer): Promise<number> {
    const repo = new NotifyRepository(tx);
    const ids = await repo.claimQueued(EVENTS_PER_TRANSACTION);
    if (ids.length === 0) return 0;
    const now = this.deps.clock.now();
    const rows: NewDelivery[] = [];
    const hooksOf = new Map<number, Awaited<ReturnType<NotifyRepository['webhooksAbove']>>>();
    const catalogue = new CatalogueTexts(tx);
    for (const event of await repo.events(ids)) {
      const station = event.station;
      // Alarms of loggers bound to no station reach nobody: subscriptions and webhooks are per station.
      if (station === null) continue;
      const mailed = mailedTo(event.kind);
      if (mailed !== null) {
        for (const sub of await repo.eventSubscriptions(station.id, mailed.notifyType)) {
          const language = languageOf(sub.language);
          const links = this.links(station.id, sub.id, key);
          const mail = composeAlarmMail(mailed.event, event.alarm, station, {
            texts: texts.for(language),
            language,
            catalogue: await catalogue.of([event.alarm], language),
            subscriptionSubject: sub.subject,
            email: sub.email,
            stationLink: links.station,
            unsubscribeLink: links.unsubscribe,
          });
          rows.push({
            channel: 'EMAIL',
            dedupeKey: `event:${event.eventId}:sub:${sub.id}`,
            kind: event.kind,
            eventId: event.eventId,
            alarmId: event.alarm.id,
            subscriptionId: sub.id,
            recipient: sub.email,
            subject: mail.subject,
            body: mail.text,
            nextAttemptAt: now,
            createdAt: now,
          });
        }
      }
      let hooks = hooksOf.get(station.companyId);
      if (hooks === undefined) {
        hooks = await repo.webhooksAbove(station.companyId);
        hooksOf.set(station.companyId, hooks);
      }
      for (const hook of hooks) {
        if (!hook.events.includes(event.kind)) continue;
        rows.push({
          channel: 'WEBHOOK',
          dedupeKey: `event:${event.eventId}:hook:${hook.id}`,
          kind: event.kind,
          eventId: event.eventId,
          alarmId: event.alarm.id,
          webhookId: hook.id,
          recipient: hook.url,
          body: JSON.stringify(webhookPayload(event, station)),
          nextAttemptAt: now,
          createdAt: now,
        });
      }
    }
    await repo.addDeliveries(rows);
    await repo.dropQueued(ids);
    return ids.length;
  }

  /** Writes the digests that are due and schedules the next ones. */
  private async digests(
    tx: Db,
    texts: NotificationTexts,
    key: Buffer,
  ): Promise<{ claimed: number; written: number }> {
    const repo = new NotifyRepository(tx);
    const now = this.deps.clock.now();
    const subs = await repo.claimDigests(now, DIGESTS_PER_TRANSACTION);
    let written = 0;
    for (const sub of subs) {
      const time = sub.notifyTime;
      if (time === null) continue;
      const zone = sub.station.timeZone;
      if (sub.nextDigestAt !== null) {
        // Due: the digest of the local day the due time fell on, up to that time.
        const dueAt = sub.nextDigestAt;
        const date = nextLocalTime(dueAt.getTime() - 1, time, zone).date;
        const from = new Date(localDayStart(date, zone));
        const alarmsOfDay = await repo.dayAlarms(sub.station.id, from, dueAt);
        const language = languageOf(sub.language);
        const links = this.links(sub.station.id, sub.id, key);
        const mail = composeDigestMail(
          { date, energyKwh: await repo.dayEnergy(sub.station.id, date), ...alarmsOfDay },
          sub.station,
          {
            texts: texts.for(language),
            language,
            catalogue: await new CatalogueTexts(tx).of(
              [...alarmsOfDay.open, ...alarmsOfDay.raised, ...alarmsOfDay.cleared],
              language,
            ),
            subscriptionSubject: sub.subject,
            email: sub.email,
            stationLink: links.station,
            unsubscribeLink: links.unsubscribe,
          },
        );
        written += await repo.addDeliveries([
          {
            channel: 'EMAIL',
            dedupeKey: `digest:${sub.id}:${date}`,
            kind: 'DIGEST',
            subscriptionId: sub.id,
            recipient: sub.email,
            subject: mail.subject,
            body: mail.text,
            nextAttemptAt: now,
            createdAt: now,
          },
        ]);
      }
      // The next one after now: a worker that was down for days sends one digest, not one per day missed.
      await repo.setNextDigest(sub.id, new Date(nextLocalTime(now.getTime(), time, zone).at));
    }
    return { claimed: subs.length, written };
  }

  private async claim(): Promise<DeliveryRow[]> {
    const now = this.deps.clock.now();
    const token = randomUUID();
    return this.transaction((tx) =>
      new NotifyRepository(tx).claimDue(now, new Date(now.getTime() + LEASE_MS), token, DELIVERIES_PER_CLAIM),
    );
  }

  /** Sends one claimed delivery and settles it; never throws. */
  private async deliver(d: DeliveryRow): Promise<'sent' | 'retried' | 'failed'> {
    const token = d.claimToken ?? '';
    const db = this.deps.database.db;
    const repo = new NotifyRepository(db);
    const { settings, log } = this.deps;
    try {
      let outcome: { ok: boolean; status: number | null; error: string | null };
      const webhook = d.webhookId === null ? null : await repo.webhook(d.webhookId);
      if (d.channel === 'WEBHOOK') {
        if (webhook === null || !webhook.enabled) {
          await repo.settle(d.id, token, { state: 'CANCELLED', lastError: 'webhook disabled or deleted' });
          return 'failed';
        }
        const sentAt = this.deps.clock.now();
        const payload = JSON.parse(d.body) as Record<string, unknown>;
        outcome = await callWebhook(
          {
            url: webhook.url,
            secret: webhook.secret,
            body: JSON.stringify({ deliveryId: d.id, sentAt: sentAt.toISOString(), ...payload }),
            deliveryId: d.id,
            sentAtSeconds: Math.floor(sentAt.getTime() / 1000),
          },
          {
            timeoutMs: settings.webhookTimeoutMs,
            allowPrivate: settings.webhookAllowPrivate,
            userAgent: this.deps.userAgent ?? 'Sunfleet-Webhook/1',
          },
        );
      } else {
        try {
          await this.deps.mailer.deliverNow({
            to: d.recipient,
            subject: d.subject ?? '',
            text: d.body,
            redactedText: d.body.replace(/token=[^\s]+/g, 'token=…'),
            // The same id on every attempt: a copy sent twice is recognisable as one message.
            messageId: `<notification.${d.id}@${this.host}>`,
            headers: unsubscribeHeaders(d.body),
          });
          outcome = { ok: true, status: null, error: null };
        } catch (err) {
          outcome = { ok: false, status: null, error: err instanceof Error ? err.message : String(err) };
        }
      }
      const now = this.deps.clock.now();
      if (outcome.ok) {
        const own = await repo.settle(d.id, token, {
          state: 'SENT',
          sentAt: now,
          lastStatus: outcome.status,
          lastError: null,
        });
        if (!own) log.warn({ deliveryId: d.id }, 'notification sent after its claim expired');
        if (webhook !== null) await repo.webhookSucceeded(webhook.id, now);
        return 'sent';
      }
      const error = (outcome.error ?? 'failed').slice(0, 500);
      const giveUp = d.attempts >= settings.maxAttempts;
      await repo.settle(d.id, token, {
        state: giveUp ? 'FAILED' : 'PENDING',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(d.attempts, settings.retryBaseMs)),
        lastStatus: outcome.status,
        lastError: error,
      });
      if (
        webhook !== null &&
        (await repo.webhookFailed(webhook.id, now, settings.webhookDisableAfter, error))
      )
        log.warn(
          { webhookId: webhook.id, failures: settings.webhookDisableAfter },
          'webhook disabled after repeated failures',
        );
      log.warn({ deliveryId: d.id, attempts: d.attempts, error, giveUp }, 'notification not delivered');
      return giveUp ? 'failed' : 'retried';
    } catch (err) {
      // The database failed around the send: the lease runs out and a later round tries again.
      log.error({ err, deliveryId: d.id }, 'notification delivery could not be settled');
      return 'retried';
    }
  }

  /** A transaction of the worker: on PGlite when API requests leave it the turn (db/priority.ts). */
  private transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const run = (): Promise<T> => this.deps.database.db.transaction((tx) => work(tx));
    const priority = this.deps.database.priority;
    return priority === null ? run() : priority.background(run);
  }
}

/** List-Unsubscribe (RFC 2369) with the link the mail's text carries. */
function unsubscribeHeaders(body: string): Record<string, string> | undefined {
  const link = /https?:\/\/\S+\/#\/unsubscribe\?token=\S+/.exec(body)?.[0];
  return link === undefined ? undefined : { 'List-Unsubscribe': `<${link}>` };
}

export type { AlarmFacts };

/** The fault-code catalogue's words for the alarms of one transaction's mails, per language, read once. */
class CatalogueTexts {
  private readonly catalogue: FaultCatalogue;
  private readonly known = new Map<string, CatalogueText>();

  constructor(db: Db) {
    this.catalogue = new FaultCatalogue(db);
  }

  async of(alarms: readonly AlarmFacts[], language: LanguageKey): Promise<Map<number, CatalogueText>> {
    const missing = alarms.filter((a) => !this.known.has(`${String(a.id)}:${language}`));
    const described = await this.catalogue.describeAlarms(missing, language);
    missing.forEach((a, i) => {
      const text = described[i];
      if (text !== undefined) this.known.set(`${String(a.id)}:${language}`, text);
    });
    const out = new Map<number, CatalogueText>();
    for (const a of alarms) {
      const text = this.known.get(`${String(a.id)}:${language}`);
      if (text !== undefined) out.set(a.id, text);
    }
    return out;
  }
}
