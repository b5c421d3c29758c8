// Display groups, device models and device rules: the small tables around the protocol definitions.
import type { DeviceModel, DeviceRule, DeviceType, DisplayGroup } from '@sunfleet/contracts';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceModels, deviceRules, devices, displayGroups, protocolDefinitions } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';

// Subqueries name the outer row's columns by hand: Drizzle leaves columns of a single-table select
// unqualified, and a bare name inside a subquery may bind to the inner table.

/** Registers of any definition shown in the group (their `group` field inside the jsonb map). */
const groupUse = sql<number>`(
  select count(*) from ${protocolDefinitions} d, jsonb_array_elements(d.registers) r
  where r->>'group' = "display_groups"."key")::int`;

export interface ModelValues {
  deviceType: DeviceType;
  model: string;
  manufacturer: string;
  definitionId: number | null;
  ratedPower: number | null;
  mpptChannels: number;
}

export interface RuleValues {
  snPrefix: string;
  modelId: number;
  remark: string | null;
}

const modelColumns = {
  id: deviceModels.id,
  deviceType: deviceModels.deviceType,
  model: deviceModels.model,
  manufacturer: deviceModels.manufacturer,
  definitionId: deviceModels.definitionId,
  definitionCode: protocolDefinitions.code,
  definitionName: protocolDefinitions.name,
  ratedPower: deviceModels.ratedPower,
  mpptChannels: deviceModels.mpptChannels,
  ruleCount: sql<number>`(select count(*) from ${deviceRules} r where r.model_id = "device_models"."id")::int`,
};

const ruleColumns = {
  id: deviceRules.id,
  snPrefix: deviceRules.snPrefix,
  modelId: deviceRules.modelId,
  model: deviceModels.model,
  deviceType: deviceModels.deviceType,
  remark: deviceRules.remark,
};

export class CatalogRepository {
  constructor(private readonly db: Db) {}

  // ---- Display groups ----

  async groups(): Promise<DisplayGroup[]> {
    const rows = await this.db
      .select({
        key: displayGroups.key,
        nameKey: displayGroups.nameKey,
        sort: displayGroups.sort,
        registerCount: groupUse,
      })
      .from(displayGroups)
      .orderBy(asc(displayGroups.sort), asc(displayGroups.key));
    return rows;
  }

  async groupKeys(): Promise<Set<string>> {
    const rows = await this.db.select({ key: displayGroups.key }).from(displayGroups);
    return new Set(rows.map((r) => r.key));
  }

  /** False when the key exists. */
  async insertGroup(values: { key: string; nameKey: string; sort: number }): Promise<boolean> {
    const rows = await this.db
      .insert(displayGroups)
      .values(values)
      .onConflictDoNothing()
      .returning({ key: displayGroups.key });
    return rows.length > 0;
  }

  async updateGroup(key: string, values: { nameKey: string; sort: number }): Promise<boolean> {
    const rows = await this.db
      .update(displayGroups)
      .set(values)
      .where(eq(displayGroups.key, key))
      .returning({ key: displayGroups.key });
    return rows.length > 0;
  }

  /** 'missing', 'inUse' (a definition register shows in it) or 'deleted'; one statement, so no gap. */
  async deleteGroup(key: string): Promise<'missing' | 'inUse' | 'deleted'> {
    const rows = await this.db
      .delete(displayGroups)
      .where(and(eq(displayGroups.key, key), sql`${groupUse} = 0`))
      .returning({ key: displayGroups.key });
    if (rows.length > 0) return 'deleted';
    const exists = await this.db
      .select({ key: displayGroups.key })
      .from(displayGroups)
      .where(eq(displayGroups.key, key));
    return exists.length > 0 ? 'inUse' : 'missing';
  }

  // ---- Device models ----

  async models(deviceType: DeviceType | null): Promise<DeviceModel[]> {
    const rows = await this.db
      .select(modelColumns)
      .from(deviceModels)
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(deviceType ? eq(deviceModels.deviceType, deviceType) : undefined)
      .orderBy(asc(deviceModels.deviceType), asc(deviceModels.model));
    return rows;
  }

  async model(id: number): Promise<DeviceModel | null> {
    const rows = await this.db
      .select(modelColumns)
      .from(deviceModels)
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(eq(deviceModels.id, id));
    return rows[0] ?? null;
  }

  /** Devices announced with this model (its type is then fixed). */
  async modelDeviceCount(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(devices).where(eq(devices.modelId, id));
    return row?.n ?? 0;
  }

  /** The new id; throws the database's unique violation when (type, model) exists. */
  async insertModel(values: ModelValues): Promise<number> {
    const rows = await this.db.insert(deviceModels).values(values).returning({ id: deviceModels.id });
    const row = rows[0];
    if (!row) throw new Error('device model not inserted');
    return row.id;
  }

  async updateModel(id: number, values: ModelValues): Promise<boolean> {
    const rows = await this.db
      .update(deviceModels)
      .set(values)
      .where(eq(deviceModels.id, id))
      .returning({ id: deviceModels.id });
    return rows.length > 0;
  }

  // ---- Device rules ----

  async rulePage(
    filter: { keyword: string | null; deviceType: DeviceType | null; modelId: number | null },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: DeviceRule[] }> {
    const where: SQL | undefined = and(
      filter.keyword
        ? or(
            ilike(deviceRules.snPrefix, containsPattern(filter.keyword)),
            ilike(deviceModels.model, containsPattern(filter.keyword)),
            ilike(deviceRules.remark, containsPattern(filter.keyword)),
          )
        : undefined,
      filter.deviceType ? eq(deviceModels.deviceType, filter.deviceType) : undefined,
      filter.modelId ? eq(deviceRules.modelId, filter.modelId) : undefined,
    );
    const [total] = await this.db
      .select({ n: count() })
      .from(deviceRules)
      .innerJoin(deviceModels, eq(deviceModels.id, deviceRules.modelId))
      .where(where);
    const list = await this.db
      .select(ruleColumns)
      .from(deviceRules)
      .innerJoin(deviceModels, eq(deviceModels.id, deviceRules.modelId))
      .where(where)
      .orderBy(asc(deviceRules.snPrefix))
      .offset(window.offset)
      .limit(window.limit);
    return { total: total?.n ?? 0, list };
  }

  async ruleExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: deviceRules.id }).from(deviceRules).where(eq(deviceRules.id, id));
    return rows.length > 0;
  }

  /** The new id; throws the database's unique violation when the prefix is taken. */
  async insertRule(values: RuleValues): Promise<number> {
    const rows = await this.db.insert(deviceRules).values(values).returning({ id: deviceRules.id });
    const row = rows[0];
    if (!row) throw new Error('device rule not inserted');
    return row.id;
  }

  async updateRule(id: number, values: RuleValues): Promise<boolean> {
    const rows = await this.db
      .update(deviceRules)
      .set(values)
      .where(eq(deviceRules.id, id))
      .returning({ id: deviceRules.id });
    return rows.length > 0;
  }

  async deleteRule(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(deviceRules)
      .where(eq(deviceRules.id, id))
      .returning({ id: deviceRules.id });
    return rows.length > 0;
  }
}
