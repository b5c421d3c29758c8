// The big screen's one setting (docs/big-screen.md): whether it shows the SPEC §9 demonstration figures
// instead of the real station and device counts. One row at most (id 1); no row means off.
import { boolean, integer, pgTable, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

export const bigScreenSettings = pgTable(
  'big_screen_settings',
  {
    id: integer('id').primaryKey().default(1),
    showcase: boolean('showcase').notNull().default(false),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('big_screen_settings_single_row', sql`${t.id} = 1`)],
);
