import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deviceModels, deviceRules, displayGroups, protocolDefinitions } from '../db/schema.js';
import { BUILT_IN_DEFINITIONS, BUILT_IN_DISPLAY_GROUPS, BUILT_IN_MODELS } from '@sunfleet/contracts';

/**
 * The device registry this version ships. Idempotent, run on every start: built-in definitions are
 * upserted by code (they are read-only in the API, so this version's copy wins); display groups and device
 * models are only added when missing, and a model's SN rules only together with the model, so an
 * operator's edits and deletions are never undone.
 */
export async function seedDeviceRegistry(db: Db): Promise<void> {
  await db
    .insert(displayGroups)
    .values(
      BUILT_IN_DISPLAY_GROUPS.map((g) => ({ key: g.key, nameKey: `displayGroup.${g.key}`, sort: g.sort })),
    )
    .onConflictDoNothing();

  for (const definition of BUILT_IN_DEFINITIONS) {
    const values = {
      name: definition.name,
      deviceType: definition.deviceType,
      sunspecModels: definition.sunspecModels,
      registers: definition.registers,
      builtIn: true,
    };
    await db
      .insert(protocolDefinitions)
      .values({ code: definition.code, ...values })
      .onConflictDoUpdate({
        target: protocolDefinitions.code,
        set: { ...values, updatedAt: sql`now()` },
        // Rewriting an unchanged row would only move updated_at and churn the table on every start.
        setWhere: sql`(${protocolDefinitions.registers}, ${protocolDefinitions.name}, ${protocolDefinitions.builtIn},
          ${protocolDefinitions.sunspecModels}, ${protocolDefinitions.deviceType})
          is distinct from (excluded.registers, excluded.name, excluded.built_in, excluded.sunspec_models,
          excluded.device_type)`,
      });
  }

  const codes = BUILT_IN_DEFINITIONS.map((d) => d.code);
  const definitionRows = await db
    .select({ id: protocolDefinitions.id, code: protocolDefinitions.code })
    .from(protocolDefinitions)
    .where(inArray(protocolDefinitions.code, codes));
  const definitionIds = new Map(definitionRows.map((r) => [r.code, r.id]));

  const inserted = await db
    .insert(deviceModels)
    .values(
      BUILT_IN_MODELS.map((m) => ({
        deviceType: m.deviceType,
        model: m.model,
        manufacturer: 'Sunfleet',
        definitionId: definitionIds.get(m.definitionCode) ?? null,
        ratedPower: m.ratedPower,
        mpptChannels: m.mpptChannels,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: deviceModels.id, deviceType: deviceModels.deviceType, model: deviceModels.model });

  // Rules come with their model only: a rule an operator deleted from an existing model stays deleted.
  const rules = inserted.flatMap((row) => {
    const seed = BUILT_IN_MODELS.find((m) => m.deviceType === row.deviceType && m.model === row.model);
    return (seed?.snPrefixes ?? []).map((snPrefix) => ({ snPrefix, modelId: row.id, remark: row.model }));
  });
  // A prefix an operator already gave to another model keeps that meaning.
  if (rules.length > 0) await db.insert(deviceRules).values(rules).onConflictDoNothing();
}
