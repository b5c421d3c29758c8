// SQL of the runtime error store: one upsert per report (group, then sample, then the group's oldest
// samples beyond the bound), the staff list and detail, and the retention purge.
import { and, count, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import { ClientErrorLimits, type ClientErrorKind } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { clientErrorGroups, clientErrorSamples, users } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';

export interface NewOccurrence {
  fingerprint: string;
  kind: ClientErrorKind;
  message: string;
  frame: string | null;
  stack: string | null;
  build: string;
  route: string;
  userId: number | null;
  userAgent: string | null;
  at: Date;
}

export interface GroupRow {
  id: number;
  fingerprint: string;
  kind: ClientErrorKind;
  message: string;
  frame: string | null;
  build: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastRoute: string;
  lastUser: string | null;
}

export interface SampleRow {
  id: number;
  occurredAt: Date;
  message: string;
  stack: string | null;
  route: string;
  user: string | null;
  userAgent: string | null;
}

const groupColumns = {
  id: clientErrorGroups.id,
  fingerprint: clientErrorGroups.fingerprint,
  kind: clientErrorGroups.kind,
  message: clientErrorGroups.message,
  frame: clientErrorGroups.frame,
  build: clientErrorGroups.build,
  count: clientErrorGroups.count,
  firstSeenAt: clientErrorGroups.firstSeenAt,
  lastSeenAt: clientErrorGroups.lastSeenAt,
  lastRoute: clientErrorGroups.lastRoute,
  lastUser: users.username,
};

export class ClientErrorsRepository {
  constructor(private readonly db: Db) {}

  /** Counts the occurrence in its group (made on first sight) and keeps it as the newest sample. */
  async record(o: NewOccurrence): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [group] = await tx
        .insert(clientErrorGroups)
        .values({
          fingerprint: o.fingerprint,
          kind: o.kind,
          message: o.message,
          frame: o.frame,
          build: o.build,
          count: 1,
          firstSeenAt: o.at,
          lastSeenAt: o.at,
          lastRoute: o.route,
          lastUserId: o.userId,
        })
        .onConflictDoUpdate({
          target: clientErrorGroups.fingerprint,
          set: {
            count: sql`${clientErrorGroups.count} + 1`,
            lastSeenAt: sql`greatest(${clientErrorGroups.lastSeenAt}, excluded.last_seen_at)`,
            lastRoute: o.route,
            lastUserId: o.userId,
          },
        })
        .returning({ id: clientErrorGroups.id });
      if (!group) throw new Error('client error group upsert returned no row');
      await tx.insert(clientErrorSamples).values({
        groupId: group.id,
        occurredAt: o.at,
        message: o.message,
        stack: o.stack,
        route: o.route,
        userId: o.userId,
        userAgent: o.userAgent,
      });
      await tx.execute(sql`delete from ${clientErrorSamples}
        where ${clientErrorSamples.groupId} = ${group.id} and ${clientErrorSamples.id} not in (
          select id from ${clientErrorSamples} where ${clientErrorSamples.groupId} = ${group.id}
          order by id desc limit ${ClientErrorLimits.samplesPerGroup})`);
      return group.id;
    });
  }

  async page(
    filter: { q: string | null; build: string | null },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; rows: GroupRow[] }> {
    const where = and(
      filter.q === null ? undefined : ilike(clientErrorGroups.message, containsPattern(filter.q)),
      filter.build === null ? undefined : eq(clientErrorGroups.build, filter.build),
    );
    const [total] = await this.db.select({ n: count() }).from(clientErrorGroups).where(where);
    const rows = await this.db
      .select(groupColumns)
      .from(clientErrorGroups)
      .leftJoin(users, eq(users.id, clientErrorGroups.lastUserId))
      .where(where)
      .orderBy(desc(clientErrorGroups.lastSeenAt), desc(clientErrorGroups.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: total?.n ?? 0, rows };
  }

  async group(id: number): Promise<GroupRow | null> {
    const rows = await this.db
      .select(groupColumns)
      .from(clientErrorGroups)
      .leftJoin(users, eq(users.id, clientErrorGroups.lastUserId))
      .where(eq(clientErrorGroups.id, id));
    return rows[0] ?? null;
  }

  async samples(groupId: number): Promise<SampleRow[]> {
    return this.db
      .select({
        id: clientErrorSamples.id,
        occurredAt: clientErrorSamples.occurredAt,
        message: clientErrorSamples.message,
        stack: clientErrorSamples.stack,
        route: clientErrorSamples.route,
        user: users.username,
        userAgent: clientErrorSamples.userAgent,
      })
      .from(clientErrorSamples)
      .leftJoin(users, eq(users.id, clientErrorSamples.userId))
      .where(eq(clientErrorSamples.groupId, groupId))
      .orderBy(desc(clientErrorSamples.id))
      .limit(ClientErrorLimits.samplesPerGroup);
  }

  /** Drops groups not seen since the cutoff (their samples go with them) and older samples of the rest. */
  async purge(cutoff: Date): Promise<number> {
    const groups = await this.db
      .delete(clientErrorGroups)
      .where(lt(clientErrorGroups.lastSeenAt, cutoff))
      .returning({ id: clientErrorGroups.id });
    await this.db.delete(clientErrorSamples).where(lt(clientErrorSamples.occurredAt, cutoff));
    return groups.length;
  }
}
