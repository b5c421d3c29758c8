// SQL of comments and feedback (docs/feedback.md). Reads of a list go through the caller's filter (their
// own, or their scope's companies); one feedback is read by id and its access decided by the service.
import type { FeedbackMailState, FeedbackState, FeedbackType } from '@sunfleet/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  feedback,
  feedbackMessages,
  feedbackScreenshots,
  notificationDeliveries,
  users,
} from '../../db/schema.js';
import type { NewDelivery } from '../notifications/notify.repository.js';
import type { CleanImage } from '../files/image-upload.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';

export interface FeedbackRow {
  id: number;
  type: FeedbackType;
  state: FeedbackState;
  text: string;
  senderId: number;
  senderName: string;
  senderEmail: string | null;
  senderLanguage: string;
  companyId: number;
  companyName: string;
  messageCount: number;
  screenshotCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessageRow {
  id: number;
  authorId: number | null;
  authorName: string;
  staff: boolean;
  text: string;
  noEmail: boolean;
  deliveryState: 'PENDING' | 'SENT' | 'FAILED' | 'CANCELLED' | null;
  deliveryId: number | null;
  createdAt: Date;
  screenshots: string[];
}

export interface NewMessage {
  authorId: number;
  authorName: string;
  staff: boolean;
  text: string;
  screenshots: readonly CleanImage[];
  at: Date;
}

const firstText = sql<string>`(select m.text from ${feedbackMessages} m where m.feedback_id = ${feedback.id} order by m.id limit 1)`;
const messageCount =
  sql<number>`(select count(*) from ${feedbackMessages} m where m.feedback_id = ${feedback.id})`.mapWith(
    Number,
  );
const screenshotCount =
  sql<number>`(select count(*) from ${feedbackScreenshots} s where s.feedback_id = ${feedback.id})`.mapWith(
    Number,
  );

const columns = {
  id: feedback.id,
  type: feedback.type,
  state: feedback.state,
  text: firstText,
  senderId: users.id,
  senderName: users.username,
  senderEmail: users.email,
  senderLanguage: users.language,
  companyId: feedback.companyId,
  companyName: companies.name,
  messageCount,
  screenshotCount,
  createdAt: feedback.createdAt,
  updatedAt: feedback.updatedAt,
};

/** How a staff answer's mail stands, from its outbox row. */
export function mailStateOf(
  row: Pick<MessageRow, 'staff' | 'noEmail' | 'deliveryState' | 'deliveryId'>,
): FeedbackMailState | null {
  if (!row.staff) return null;
  if (row.noEmail) return 'NO_EMAIL';
  switch (row.deliveryState) {
    case 'SENT':
      return 'SENT';
    case 'FAILED':
    case 'CANCELLED':
      return 'FAILED';
    case 'PENDING':
      return 'PENDING';
    case null:
      // The outbox row is gone (nothing deletes feedback mails today): its fate is not known.
      return null;
  }
}

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  /** The sender's own feedback, or that of the senders' companies in a scope. */
  async page(
    who: { sender: number } | { scope: Scope },
    filters: { state?: FeedbackState; type?: FeedbackType },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: FeedbackRow[] }> {
    const condition = and(
      'sender' in who
        ? eq(feedback.senderUserId, who.sender)
        : scopeWhere(who.scope, { companyId: feedback.companyId, userId: feedback.senderUserId }),
      filters.state === undefined ? undefined : eq(feedback.state, filters.state),
      filters.type === undefined ? undefined : eq(feedback.type, filters.type),
    );
    const [total] = await this.db.select({ n: count() }).from(feedback).where(condition);
    const list = await this.db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.senderUserId))
      .innerJoin(companies, eq(companies.id, feedback.companyId))
      .where(condition)
      .orderBy(desc(feedback.updatedAt), desc(feedback.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: total?.n ?? 0, list };
  }

  async one(id: number, forUpdate = false): Promise<FeedbackRow | null> {
    if (forUpdate)
      await this.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, id)).for('update');
    const rows = await this.db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.senderUserId))
      .innerJoin(companies, eq(companies.id, feedback.companyId))
      .where(eq(feedback.id, id));
    return rows[0] ?? null;
  }

  async messages(feedbackId: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select({
        id: feedbackMessages.id,
        authorId: feedbackMessages.authorUserId,
        authorName: feedbackMessages.authorName,
        staff: feedbackMessages.staff,
        text: feedbackMessages.text,
        noEmail: feedbackMessages.noEmail,
        deliveryId: feedbackMessages.deliveryId,
        deliveryState: notificationDeliveries.state,
        createdAt: feedbackMessages.createdAt,
      })
      .from(feedbackMessages)
      .leftJoin(notificationDeliveries, eq(notificationDeliveries.id, feedbackMessages.deliveryId))
      .where(eq(feedbackMessages.feedbackId, feedbackId))
      .orderBy(asc(feedbackMessages.id));
    const shots =
      rows.length === 0
        ? []
        : await this.db
            .select({ id: feedbackScreenshots.id, messageId: feedbackScreenshots.messageId })
            .from(feedbackScreenshots)
            .where(
              inArray(
                feedbackScreenshots.messageId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(feedbackScreenshots.messageId), asc(feedbackScreenshots.position));
    return rows.map((r) => ({
      ...r,
      screenshots: shots.filter((s) => s.messageId === r.id).map((s) => s.id),
    }));
  }

  /** A new feedback with its first message and screenshots; answers its id. Run inside a transaction. */
  async create(values: { type: FeedbackType; companyId: number }, message: NewMessage): Promise<number> {
    const [row] = await this.db
      .insert(feedback)
      .values({
        type: values.type,
        state: 'OPEN',
        senderUserId: message.authorId,
        companyId: values.companyId,
        createdAt: message.at,
        updatedAt: message.at,
      })
      .returning({ id: feedback.id });
    if (!row) throw new Error('feedback insert returned no row');
    await this.addMessage(row.id, message);
    return row.id;
  }

  /** A message with its screenshots; answers the message id. Run inside a transaction. */
  async addMessage(
    feedbackId: number,
    message: NewMessage,
    mail: { noEmail: boolean; deliveryId: number | null } = { noEmail: false, deliveryId: null },
  ): Promise<number> {
    const [row] = await this.db
      .insert(feedbackMessages)
      .values({
        feedbackId,
        authorUserId: message.authorId,
        authorName: message.authorName,
        staff: message.staff,
        text: message.text,
        noEmail: mail.noEmail,
        deliveryId: mail.deliveryId,
        createdAt: message.at,
      })
      .returning({ id: feedbackMessages.id });
    if (!row) throw new Error('feedback message insert returned no row');
    if (message.screenshots.length > 0)
      await this.db.insert(feedbackScreenshots).values(
        message.screenshots.map((s, position) => ({
          id: s.id,
          position,
          feedbackId,
          messageId: row.id,
          mime: s.mime,
          size: s.bytes.length,
          bytes: s.bytes,
          createdAt: message.at,
        })),
      );
    return row.id;
  }

  /** Queues a mail in the notification outbox (sent by the notification worker, with retries). */
  async queueMail(delivery: NewDelivery): Promise<number> {
    const [row] = await this.db
      .insert(notificationDeliveries)
      .values(delivery)
      .returning({ id: notificationDeliveries.id });
    if (!row) throw new Error('delivery insert returned no row');
    return row.id;
  }

  async setDelivery(messageId: number, deliveryId: number): Promise<void> {
    await this.db.update(feedbackMessages).set({ deliveryId }).where(eq(feedbackMessages.id, messageId));
  }

  async setState(id: number, state: FeedbackState, at: Date): Promise<void> {
    await this.db.update(feedback).set({ state, updatedAt: at }).where(eq(feedback.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(feedback).where(eq(feedback.id, id));
  }

  async screenshot(feedbackId: number, fileId: string): Promise<{ mime: string; bytes: Buffer } | null> {
    const rows = await this.db
      .select({ mime: feedbackScreenshots.mime, bytes: feedbackScreenshots.bytes })
      .from(feedbackScreenshots)
      .where(and(eq(feedbackScreenshots.id, fileId), eq(feedbackScreenshots.feedbackId, feedbackId)));
    return rows[0] ?? null;
  }
}
