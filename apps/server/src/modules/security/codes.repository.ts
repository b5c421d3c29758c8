import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export interface StoredCode {
  id: number;
  codeHash: Buffer;
  userId: number | null;
  attempts: number;
}

export class CodesRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new code and retires every earlier live code for the same destination and purpose. */
  async replace(
    purpose: CodePurpose,
    target: string,
    codeHash: Buffer,
    userId: number | null,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.target, target),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx
        .insert(verificationCodes)
        .values({ purpose, target, codeHash, userId, createdAt: now, expiresAt });
    });
  }

  /** The one live (unused, unexpired) code for a destination, if any. */
  async live(purpose: CodePurpose, target: string, now: Date): Promise<StoredCode | null> {
    const rows = await this.db
      .select({
        id: verificationCodes.id,
        codeHash: verificationCodes.codeHash,
        userId: verificationCodes.userId,
        attempts: verificationCodes.attempts,
      })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.target, target),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    return rows[0] ?? null;
  }

  async recordFailure(id: number): Promise<void> {
    await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
  }

  /** Marks a code used; false when another request used it first or it died meanwhile. */
  async consume(id: number, now: Date, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, maxAttempts),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  /** Deletes codes that expired or were used before the cutoff. */
  async purge(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(verificationCodes)
      .where(or(lt(verificationCodes.expiresAt, cutoff), lt(verificationCodes.consumedAt, cutoff)))
      .returning({ id: verificationCodes.id });
    return rows.length;
  }
}
