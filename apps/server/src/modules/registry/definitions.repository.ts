import type {
  DeviceType,
  ProtocolDefinitionDetail,
  ProtocolDefinitionSummary,
  RegisterDefinition,
} from '@sunfleet/contracts';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceModels, protocolDefinitions } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';

export interface DefinitionValues {
  code: string;
  name: string;
  deviceType: DeviceType;
  sunspecModels: number[];
  registers: RegisterDefinition[];
}

export interface DefinitionState {
  id: number;
  builtIn: boolean;
  deviceType: DeviceType;
  modelCount: number;
}

// Qualified by hand: Drizzle leaves columns of a single-table select unqualified, and inside this
// subquery a bare "id" would name device_models.id.
const modelCount = sql<number>`(select count(*) from ${deviceModels} m where m.definition_id = "protocol_definitions"."id")::int`;

const summaryColumns = {
  id: protocolDefinitions.id,
  code: protocolDefinitions.code,
  name: protocolDefinitions.name,
  deviceType: protocolDefinitions.deviceType,
  sunspecModels: protocolDefinitions.sunspecModels,
  builtIn: protocolDefinitions.builtIn,
  registerCount: sql<number>`jsonb_array_length(${protocolDefinitions.registers})::int`,
  modelCount,
  updatedAt: protocolDefinitions.updatedAt,
};

function selectSummaries(db: Db, where: SQL | undefined) {
  return db.select(summaryColumns).from(protocolDefinitions).where(where);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): ProtocolDefinitionSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    deviceType: row.deviceType,
    sunspecModels: row.sunspecModels,
    builtIn: row.builtIn,
    registerCount: row.registerCount,
    modelCount: row.modelCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class DefinitionsRepository {
  constructor(private readonly db: Db) {}

  async page(
    filter: { keyword: string | null; deviceType: DeviceType | null },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: ProtocolDefinitionSummary[] }> {
    const where: SQL | undefined = and(
      filter.keyword
        ? or(
            ilike(protocolDefinitions.code, containsPattern(filter.keyword)),
            ilike(protocolDefinitions.name, containsPattern(filter.keyword)),
          )
        : undefined,
      filter.deviceType ? eq(protocolDefinitions.deviceType, filter.deviceType) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(protocolDefinitions).where(where);
    const rows = await selectSummaries(this.db, where)
      .orderBy(asc(protocolDefinitions.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: total?.n ?? 0, list: rows.map(toSummary) };
  }

  async detail(id: number): Promise<ProtocolDefinitionDetail | null> {
    const rows = await this.db
      .select({ ...summaryColumns, registers: protocolDefinitions.registers })
      .from(protocolDefinitions)
      .where(eq(protocolDefinitions.id, id));
    const row = rows[0];
    return row ? { ...toSummary(row), registers: row.registers } : null;
  }

  async state(id: number): Promise<DefinitionState | null> {
    const rows = await this.db
      .select({
        id: protocolDefinitions.id,
        builtIn: protocolDefinitions.builtIn,
        deviceType: protocolDefinitions.deviceType,
        modelCount,
      })
      .from(protocolDefinitions)
      .where(eq(protocolDefinitions.id, id));
    return rows[0] ?? null;
  }

  /** The new id; throws the database's unique violation when the code is taken. */
  async insert(values: DefinitionValues): Promise<number> {
    const rows = await this.db
      .insert(protocolDefinitions)
      .values({ ...values, builtIn: false })
      .returning({ id: protocolDefinitions.id });
    const row = rows[0];
    if (!row) throw new Error('protocol definition not inserted');
    return row.id;
  }

  /** Replaces an operator's definition; false when it does not exist or is built in. */
  async update(id: number, values: DefinitionValues): Promise<boolean> {
    const rows = await this.db
      .update(protocolDefinitions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(protocolDefinitions.id, id), eq(protocolDefinitions.builtIn, false)))
      .returning({ id: protocolDefinitions.id });
    return rows.length > 0;
  }

  /** Deletes an operator's definition; false when it does not exist or is built in. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(protocolDefinitions)
      .where(and(eq(protocolDefinitions.id, id), eq(protocolDefinitions.builtIn, false)))
      .returning({ id: protocolDefinitions.id });
    return rows.length > 0;
  }
}
