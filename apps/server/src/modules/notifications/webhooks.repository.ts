// SQL of the webhook API: webhooks of the companies in the caller's scope and their delivery log.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { UnsubscribeResult } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { notificationDeliveries, stationSubscriptions, stations, webhooks } from '../../db/schema.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';
import type { DeliveryRow, WebhookRow } from './notify.repository.js';

export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  async list(scope: Scope): Promise<WebhookRow[]> {
    return this.db
      .select()
      .from(webhooks)
      .where(scopeWhere(scope, { companyId: webhooks.companyId }))
      .orderBy(webhooks.id);
  }

  /** A webhook of a company in scope, or null (a foreign one is not found, like a missing one). */
  async get(scope: Scope, id: number): Promise<WebhookRow | null> {
    const inScope = scopeWhere(scope, { companyId: webhooks.companyId });
    const rows = await this.db
      .select()
      .from(webhooks)
      .where(inScope === undefined ? eq(webhooks.id, id) : and(eq(webhooks.id, id), inScope));
    return rows[0] ?? null;
  }

  async countOf(companyId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.companyId, companyId));
    return row?.n ?? 0;
  }

  async insert(values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
    const [row] = await this.db.insert(webhooks).values(values).returning();
    if (!row) throw new Error('webhook not stored');
    return row;
  }

  async update(id: number, values: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow | null> {
    const [row] = await this.db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(webhooks).where(eq(webhooks.id, id));
  }

  async deliveries(
    webhookId: number,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; rows: DeliveryRow[] }> {
    const where = eq(notificationDeliveries.webhookId, webhookId);
    const [total] = await this.db.select({ n: count() }).from(notificationDeliveries).where(where);
    const rows = await this.db
      .select()
      .from(notificationDeliveries)
      .where(where)
      .orderBy(desc(notificationDeliveries.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: total?.n ?? 0, rows };
  }

  async addDelivery(values: typeof notificationDeliveries.$inferInsert): Promise<DeliveryRow> {
    const [row] = await this.db.insert(notificationDeliveries).values(values).returning();
    if (!row) throw new Error('delivery not stored');
    return row;
  }

  /** What an unsubscribe link names, or null when the subscription is gone. */
  async subscriptionNamed(id: number): Promise<UnsubscribeResult | null> {
    const [row] = await this.db
      .select({
        subscriptionId: stationSubscriptions.id,
        stationName: stations.name,
        email: stationSubscriptions.email,
        subject: stationSubscriptions.subject,
        notifyType: stationSubscriptions.notifyType,
        enabled: stationSubscriptions.enabled,
      })
      .from(stationSubscriptions)
      .innerJoin(stations, eq(stations.id, stationSubscriptions.stationId))
      .where(eq(stationSubscriptions.id, id));
    return row ?? null;
  }

  /** Disables a subscription named by an unsubscribe link; answers what the page shows, or null. */
  async unsubscribe(id: number, now: Date): Promise<UnsubscribeResult | null> {
    const [row] = await this.db
      .update(stationSubscriptions)
      .set({ enabled: false, updatedAt: now })
      .where(eq(stationSubscriptions.id, id))
      .returning({ id: stationSubscriptions.id });
    return row ? this.subscriptionNamed(row.id) : null;
  }

  async settleTest(
    id: number,
    values: Pick<DeliveryRow, 'body' | 'state' | 'lastStatus' | 'lastError' | 'sentAt'>,
  ): Promise<DeliveryRow> {
    const [row] = await this.db
      .update(notificationDeliveries)
      .set(values)
      .where(eq(notificationDeliveries.id, id))
      .returning();
    if (!row) throw new Error('delivery gone');
    return row;
  }

  /** Stops pending calls of a webhook that was switched off (delivered ones stay in the log). */
  async cancelPending(webhookId: number): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({ state: 'CANCELLED', lastError: 'webhook disabled' })
      .where(and(eq(notificationDeliveries.webhookId, webhookId), sql`state = 'PENDING'`));
  }
}
