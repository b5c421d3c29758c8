// Comments and feedback (docs/feedback.md): a feedback is a thread of messages — the sender's first text,
// their follow-ups and staff answers — with PNG/JPEG screenshots stored re-encoded under random ids. The
// feedback belongs to its sender's company at the time it was sent: staff reach it through that company.
import { bigint, boolean, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackState, FeedbackType } from '@sunfleet/contracts';
import { bytea, ts } from './columns.js';
import { notificationDeliveries } from './schema-notifications.js';
import { companies, users } from './schema-organisation.js';

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<FeedbackType>().notNull(),
    state: text('state').$type<FeedbackState>().notNull().default('OPEN'),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    /** The last message or state change: lists show the latest activity first. */
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('feedback_sender_idx').on(t.senderUserId, t.updatedAt),
    index('feedback_company_idx').on(t.companyId, t.updatedAt),
  ],
);

export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone (the thread stays). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was, for threads whose author's account was deleted. */
    authorName: text('author_name').notNull(),
    /** A staff answer (not the sender's own text). */
    staff: boolean('staff').notNull(),
    text: text('text').notNull(),
    /** Staff answers: the sender had no email address, so no mail was queued. */
    noEmail: boolean('no_email').notNull().default(false),
    /** Staff answers: the mail to the sender, queued in the notification outbox in the same transaction. */
    deliveryId: bigint('delivery_id', { mode: 'number' }).references(() => notificationDeliveries.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedback_messages_feedback_idx').on(t.feedbackId, t.id)],
);

export const feedbackScreenshots = pgTable(
  'feedback_screenshots',
  {
    id: uuid('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => feedbackMessages.id, { onDelete: 'cascade' }),
    /** Its place among the message's screenshots, as uploaded. */
    position: integer('position').notNull(),
    mime: text('mime').$type<'image/png' | 'image/jpeg'>().notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedback_screenshots_message_idx').on(t.messageId)],
);
