import { asc, notInArray } from 'drizzle-orm';
import type { NavigationSeed } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { navRoutes } from '../../db/schema.js';

export type NavRow = typeof navRoutes.$inferSelect;

export class NavigationRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<NavRow[]> {
    return this.db.select().from(navRoutes).orderBy(asc(navRoutes.sort));
  }

  /** Makes the stored table equal to the catalogue shipped with this version. */
  async sync(catalogue: readonly NavigationSeed[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const entry of catalogue) {
        const { id: _id, ...rest } = entry;
        await tx.insert(navRoutes).values(entry).onConflictDoUpdate({ target: navRoutes.id, set: rest });
      }
      await tx.delete(navRoutes).where(
        notInArray(
          navRoutes.id,
          catalogue.map((e) => e.id),
        ),
      );
    });
  }
}
