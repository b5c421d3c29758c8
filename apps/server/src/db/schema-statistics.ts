// Saved statistics views (docs/statistics.md): one user's comparison (stations, granularity, range rule,
// currency, ranking) by name, optionally mailed as XLSX weekly or monthly. The mailing job records the
// period it sent last (exactly once per period) and holds a lease while it sends, so several jobs copies
// never mail one view twice.
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  StatisticsGranularity,
  StatisticsRankBy,
  StatisticsSchedule,
  StatisticsShortcut,
} from '@sunfleet/contracts';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

export const statisticsViews = pgTable(
  'statistics_views',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    stationIds: integer('station_ids').array().notNull(),
    granularity: text('granularity').$type<StatisticsGranularity>().notNull(),
    rangeRule: text('range_rule').$type<StatisticsShortcut>().notNull(),
    currency: text('currency').notNull(),
    rankBy: text('rank_by').$type<StatisticsRankBy>().notNull(),
    schedule: text('schedule').$type<StatisticsSchedule>().notNull(),
    recipients: text('recipients').array().notNull(),
    /** The schedule period mailed last ('2026-W48', '2026-11'). */
    lastSentPeriod: text('last_sent_period'),
    /** While a jobs copy mails this view: until when its claim holds. */
    leaseUntil: ts('lease_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statistics_views_owner_name_idx').on(t.ownerUserId, t.name),
    index('statistics_views_schedule_idx').on(t.schedule),
  ],
);
