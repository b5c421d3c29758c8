import { BUILT_IN_DEFINITIONS, BUILT_IN_FAULT_CODES, CLOUD_FAULT_CODES } from '@sunfleet/contracts';
import type { AlarmLevel, FaultCodeTexts } from '@sunfleet/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { faultCodes, faultCodeSeeds, protocolDefinitions } from '../db/schema.js';
import { textColumns } from '../modules/fault-codes/fault-codes.repository.js';

/**
 * The seed-log key of global entries (no model, no definition). Definition codes are letters, digits,
 * `_ . -` (DEFINITION_CODE_PATTERN), so no definition can take it.
 */
export const GLOBAL_SEED_KEY = '*';

/** One entry the seed would add: its seed-log key, its scope (null: global) and its data. */
interface Wanted {
  definitionCode: string;
  definitionId: number | null;
  entry: { code: number; level: AlarmLevel; texts: FaultCodeTexts };
}

/**
 * The built-in fault-code catalogue: one entry per built-in protocol definition of the code's device type,
 * and the cloud's own alarm codes (CLOUD_FAULT_CODES) once as global entries. Idempotent, run on every
 * start after the device registry: an entry is added only the first time this (definition, code) — or
 * (GLOBAL_SEED_KEY, code) — is seeded, remembered in fault_code_seeds, so an operator's edit is never
 * overwritten and a deleted entry never comes back; codes a new version adds are seeded on its first start.
 */
export async function seedFaultCodes(db: Db): Promise<number> {
  const definitionRows = await db
    .select({ id: protocolDefinitions.id, code: protocolDefinitions.code })
    .from(protocolDefinitions)
    .where(
      inArray(
        protocolDefinitions.code,
        BUILT_IN_DEFINITIONS.map((d) => d.code),
      ),
    );
  const idOf = new Map(definitionRows.map((r) => [r.code, r.id]));
  const wanted: Wanted[] = BUILT_IN_DEFINITIONS.flatMap((definition) => {
    const definitionId = idOf.get(definition.code);
    if (definitionId === undefined) return [];
    return BUILT_IN_FAULT_CODES.filter((f) => f.deviceType === definition.deviceType).map((f) => ({
      definitionCode: definition.code,
      definitionId,
      entry: f,
    }));
  });
  for (const entry of CLOUD_FAULT_CODES) {
    wanted.push({ definitionCode: GLOBAL_SEED_KEY, definitionId: null, entry });
  }
  if (wanted.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Claim the pairs never seeded before; only those are added.
    const claimed = await tx
      .insert(faultCodeSeeds)
      .values(wanted.map((w) => ({ definitionCode: w.definitionCode, code: w.entry.code })))
      .onConflictDoNothing()
      .returning({ definitionCode: faultCodeSeeds.definitionCode, code: faultCodeSeeds.code });
    if (claimed.length === 0) return 0;
    const fresh = new Set(claimed.map((c) => `${c.definitionCode}|${c.code}`));
    const rows = wanted
      .filter((w) => fresh.has(`${w.definitionCode}|${w.entry.code}`))
      .map((w) => ({
        definitionId: w.definitionId,
        code: w.entry.code,
        level: w.entry.level,
        ...textColumns(w.entry.texts),
        builtIn: true,
      }));
    // An operator may already have made an entry of this scope and code: theirs stays.
    const inserted = await tx
      .insert(faultCodes)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: faultCodes.id });
    return inserted.length;
  });
}
