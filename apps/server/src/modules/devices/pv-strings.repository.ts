// SQL of an inverter's PV strings (docs/iv-curves.md "Strings"): read in MPPT and string order, replaced
// as a whole in one transaction.
import type { PvString } from '@sunfleet/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pvStrings } from '../../db/schema.js';

export interface StoredPvStrings {
  strings: PvString[];
  updatedAt: Date | null;
}

export class PvStringsRepository {
  constructor(private readonly db: Db) {}

  async of(deviceId: number): Promise<StoredPvStrings> {
    const rows = await this.db
      .select()
      .from(pvStrings)
      .where(eq(pvStrings.deviceId, deviceId))
      .orderBy(asc(pvStrings.mppt), asc(pvStrings.string));
    return {
      strings: rows.map((r) => ({
        mppt: r.mppt,
        string: r.string,
        module: r.module,
        modulesInSeries: r.modulesInSeries,
      })),
      updatedAt: rows.reduce<Date | null>(
        (at, r) => (at === null || r.updatedAt > at ? r.updatedAt : at),
        null,
      ),
    };
  }

  /** Replaces every string of the device (none stored when `strings` is empty). */
  async replace(deviceId: number, strings: readonly PvString[], userId: number, at: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(pvStrings).where(eq(pvStrings.deviceId, deviceId));
      if (strings.length === 0) return;
      await tx.insert(pvStrings).values(
        strings.map((s) => ({
          deviceId,
          mppt: s.mppt,
          string: s.string,
          module: s.module,
          modulesInSeries: s.modulesInSeries,
          updatedByUserId: userId,
          updatedAt: at,
        })),
      );
    });
  }
}
