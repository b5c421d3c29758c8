// SQL of the notification worker: the event queue, the FIXED_TIME digests due, the facts a message tells,
// and the delivery outbox with its claims (docs/alarms.md "Notifications").
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  alarmEvents,
  alarms,
  devices,
  gateways,
  notificationDeliveries,
  notificationQueue,
  rollupStationDay,
  stationSubscriptions,
  stations,
  webhooks,
} from '../../db/schema.js';
import type { AlarmFacts, StationFacts } from './notification-texts.js';

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDelivery = typeof notificationDeliveries.$inferInsert;
export type SubscriptionRow = typeof stationSubscriptions.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;

export interface QueuedEvent {
  eventId: number;
  kind: (typeof alarmEvents.$inferSelect)['kind'];
  at: Date;
  alarm: AlarmFacts;
  station: (StationFacts & { companyId: number }) | null;
}

const alarmColumns = {
  id: alarms.id,
  code: alarms.code,
  level: alarms.level,
  kind: alarms.kind,
  message: alarms.message,
  startedAt: alarms.startedAt,
  endedAt: alarms.endedAt,
  deviceId: alarms.deviceId,
  deviceSn: devices.sn,
  deviceName: devices.name,
  deviceModel: devices.model,
  gatewayId: alarms.gatewayId,
  gatewaySn: gateways.sn,
};

export class NotifyRepository {
  constructor(private readonly db: Db) {}

  // ---- The event queue ------------------------------------------------------------------------------------

  /** Claims queued events (other workers skip them until this transaction ends). */
  async claimQueued(limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ eventId: notificationQueue.eventId })
      .from(notificationQueue)
      .orderBy(asc(notificationQueue.eventId))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.eventId);
  }

  async events(ids: readonly number[]): Promise<QueuedEvent[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        eventId: alarmEvents.id,
        kind: alarmEvents.kind,
        at: alarmEvents.at,
        alarm: alarmColumns,
        stationId: stations.id,
        stationName: stations.name,
        timeZone: stations.timeZone,
        companyId: stations.companyId,
      })
      .from(alarmEvents)
      .innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .leftJoin(devices, eq(devices.id, alarms.deviceId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(inArray(alarmEvents.id, [...ids]))
      .orderBy(asc(alarmEvents.id));
    return rows.map((r) => ({
      eventId: r.eventId,
      kind: r.kind,
      at: r.at,
      alarm: r.alarm,
      station:
        r.stationId === null || r.stationName === null || r.timeZone === null || r.companyId === null
          ? null
          : { id: r.stationId, name: r.stationName, timeZone: r.timeZone, companyId: r.companyId },
    }));
  }

  async dropQueued(ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await this.db.delete(notificationQueue).where(inArray(notificationQueue.eventId, [...ids]));
  }

  /** Enabled subscriptions of a station told of single events: REAL_TIME or ESCALATION (the second list). */
  async eventSubscriptions(
    stationId: number,
    notifyType: 'REAL_TIME' | 'ESCALATION',
  ): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(stationSubscriptions)
      .where(
        and(
          eq(stationSubscriptions.stationId, stationId),
          eq(stationSubscriptions.notifyType, notifyType),
          eq(stationSubscriptions.enabled, true),
        ),
      )
      .orderBy(asc(stationSubscriptions.id));
  }

  /** Enabled webhooks of the station's company and of every company above it. */
  async webhooksAbove(companyId: number): Promise<WebhookRow[]> {
    const above = await queryRows<{ id: number | string }>(
      this.db,
      sql`with recursive up(id) as (
            select ${companyId}::int
            union
            select c.parent_id from companies c join up on c.id = up.id where c.parent_id is not null
          ) select id from up`,
    );
    const ids = above.map((r) => Number(r.id));
    return this.db
      .select()
      .from(webhooks)
      .where(and(inArray(webhooks.companyId, ids), eq(webhooks.enabled, true)))
      .orderBy(asc(webhooks.id));
  }

  /** Adds deliveries; one already made for the same key is left alone (the fan-out is idempotent). */
  async addDeliveries(rows: NewDelivery[]): Promise<number> {
    if (rows.length === 0) return 0;
    const added = await this.db
      .insert(notificationDeliveries)
      .values(rows)
      .onConflictDoNothing({ target: notificationDeliveries.dedupeKey })
      .returning({ id: notificationDeliveries.id });
    return added.length;
  }

  // ---- FIXED_TIME digests ---------------------------------------------------------------------------------

  /** FIXED_TIME subscriptions whose next digest is due or not yet worked out, claimed. */
  async claimDigests(now: Date, limit: number): Promise<(SubscriptionRow & { station: StationFacts })[]> {
    const rows = await this.db
      .select({
        sub: stationSubscriptions,
        id: stations.id,
        name: stations.name,
        timeZone: stations.timeZone,
      })
      .from(stationSubscriptions)
      .innerJoin(stations, eq(stations.id, stationSubscriptions.stationId))
      .where(
        and(
          eq(stationSubscriptions.notifyType, 'FIXED_TIME'),
          eq(stationSubscriptions.enabled, true),
          or(isNull(stationSubscriptions.nextDigestAt), lte(stationSubscriptions.nextDigestAt, now)),
        ),
      )
      .orderBy(asc(stationSubscriptions.id))
      .limit(limit)
      .for('update', { of: stationSubscriptions, skipLocked: true });
    return rows.map((r) => ({ ...r.sub, station: { id: r.id, name: r.name, timeZone: r.timeZone } }));
  }

  async setNextDigest(id: number, at: Date): Promise<void> {
    await this.db
      .update(stationSubscriptions)
      .set({ nextDigestAt: at })
      .where(eq(stationSubscriptions.id, id));
  }

  /** Alarms of a station open at `until`, raised in [from, until) and cleared in [from, until). */
  async dayAlarms(
    stationId: number,
    from: Date,
    until: Date,
  ): Promise<{ open: AlarmFacts[]; raised: AlarmFacts[]; cleared: AlarmFacts[] }> {
    const rows = await this.db
      .select(alarmColumns)
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .leftJoin(devices, eq(devices.id, alarms.deviceId))
      .where(
        and(
          eq(gateways.stationId, stationId),
          lt(alarms.startedAt, until),
          or(isNull(alarms.endedAt), gte(alarms.endedAt, from)),
        ),
      )
      .orderBy(asc(alarms.startedAt), asc(alarms.id))
      .limit(2_000);
    const inDay = (d: Date | null): boolean => d !== null && d >= from && d < until;
    return {
      open: rows.filter((a) => a.endedAt === null || a.endedAt >= until),
      raised: rows.filter((a) => inDay(a.startedAt)),
      cleared: rows.filter((a) => inDay(a.endedAt)),
    };
  }

  async dayEnergy(stationId: number, date: string): Promise<number | null> {
    const rows = await this.db
      .select({ energy: rollupStationDay.energyKwh })
      .from(rollupStationDay)
      .where(and(eq(rollupStationDay.stationId, stationId), eq(rollupStationDay.day, date)));
    return rows[0]?.energy ?? null;
  }

  // ---- The outbox -----------------------------------------------------------------------------------------

  /**
   * Claims due deliveries: PENDING, due, and not claimed by a live lease. The claim (token, lease, one
   * more attempt) is committed before anything is sent, so another worker skips them until the lease ends.
   */
  async claimDue(now: Date, leaseUntil: Date, token: string, limit: number): Promise<DeliveryRow[]> {
    const due = await this.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.state, 'PENDING'),
          lte(notificationDeliveries.nextAttemptAt, now),
          or(isNull(notificationDeliveries.claimedUntil), lte(notificationDeliveries.claimedUntil, now)),
        ),
      )
      .orderBy(asc(notificationDeliveries.nextAttemptAt), asc(notificationDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return this.db
      .update(notificationDeliveries)
      .set({
        claimToken: token,
        claimedUntil: leaseUntil,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        lastAttemptAt: now,
      })
      .where(
        inArray(
          notificationDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  }

  async webhook(id: number): Promise<WebhookRow | null> {
    const rows = await this.db.select().from(webhooks).where(eq(webhooks.id, id));
    return rows[0] ?? null;
  }

  /** Settles a claimed delivery, only while the claim is still this worker's; answers whether it was. */
  async settle(
    id: number,
    token: string,
    values: Partial<Pick<DeliveryRow, 'state' | 'nextAttemptAt' | 'lastStatus' | 'lastError' | 'sentAt'>>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(notificationDeliveries)
      .set({ ...values, claimToken: null, claimedUntil: null })
      .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.claimToken, token)))
      .returning({ id: notificationDeliveries.id });
    return rows.length > 0;
  }

  async webhookSucceeded(id: number, now: Date): Promise<void> {
    await this.db
      .update(webhooks)
      .set({ consecutiveFailures: 0, updatedAt: now })
      .where(and(eq(webhooks.id, id), sql`${webhooks.consecutiveFailures} <> 0`));
  }

  /**
   * Counts a failed call; at `disableAfter` failures in a row the webhook is switched off and its pending
   * deliveries cancelled. Answers whether this failure disabled it.
   */
  async webhookFailed(id: number, now: Date, disableAfter: number, reason: string): Promise<boolean> {
    const [row] = await this.db
      .update(webhooks)
      .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
      .where(eq(webhooks.id, id))
      .returning({ failures: webhooks.consecutiveFailures, enabled: webhooks.enabled });
    if (!row || !row.enabled || row.failures < disableAfter) return false;
    await this.db
      .update(webhooks)
      .set({ enabled: false, disabledAt: now, disabledReason: reason.slice(0, 500), updatedAt: now })
      .where(eq(webhooks.id, id));
    await this.cancelPending(id, 'webhook disabled');
    return true;
  }

  async cancelPending(webhookId: number, reason: string): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({ state: 'CANCELLED', lastError: reason })
      .where(
        and(eq(notificationDeliveries.webhookId, webhookId), eq(notificationDeliveries.state, 'PENDING')),
      );
  }
}
