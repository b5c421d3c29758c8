// SQL of the fault-code catalogue: pages and exports with filters, single rows, writes, the all-or-nothing
// import, and the lookups that resolve a scope (model, definition) for import rows and alarm rows.
import type {
  AlarmLevel,
  DeviceType,
  FaultCode,
  FaultCodeExportQuery,
  FaultCodeTexts,
} from '@sunfleet/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceModels, devices, faultCodes, gateways, protocolDefinitions } from '../../db/schema.js';
import { containsPattern, optionalKeyword } from '../reference/sql-helpers.js';

/** The columns a write sets: scope, code, level and the twelve texts. */
export interface FaultCodeValues {
  modelId: number | null;
  definitionId: number | null;
  code: number;
  level: AlarmLevel;
  texts: FaultCodeTexts;
}

const TEXT_COLUMNS = {
  CN: { description: faultCodes.descriptionCn, cause: faultCodes.causeCn, handling: faultCodes.handlingCn },
  EN: { description: faultCodes.descriptionEn, cause: faultCodes.causeEn, handling: faultCodes.handlingEn },
  DE: { description: faultCodes.descriptionDe, cause: faultCodes.causeDe, handling: faultCodes.handlingDe },
  ITA: {
    description: faultCodes.descriptionIta,
    cause: faultCodes.causeIta,
    handling: faultCodes.handlingIta,
  },
} as const;

/** The row columns of a set of texts. */
export function textColumns(
  texts: FaultCodeTexts,
): Pick<
  typeof faultCodes.$inferInsert,
  | 'descriptionCn'
  | 'causeCn'
  | 'handlingCn'
  | 'descriptionEn'
  | 'causeEn'
  | 'handlingEn'
  | 'descriptionDe'
  | 'causeDe'
  | 'handlingDe'
  | 'descriptionIta'
  | 'causeIta'
  | 'handlingIta'
> {
  return {
    descriptionCn: texts.CN.description,
    causeCn: texts.CN.cause,
    handlingCn: texts.CN.handling,
    descriptionEn: texts.EN.description,
    causeEn: texts.EN.cause,
    handlingEn: texts.EN.handling,
    descriptionDe: texts.DE.description,
    causeDe: texts.DE.cause,
    handlingDe: texts.DE.handling,
    descriptionIta: texts.ITA.description,
    causeIta: texts.ITA.cause,
    handlingIta: texts.ITA.handling,
  };
}

type Row = typeof faultCodes.$inferSelect;

export function textsOf(r: Row): FaultCodeTexts {
  return {
    CN: { description: r.descriptionCn, cause: r.causeCn, handling: r.handlingCn },
    EN: { description: r.descriptionEn, cause: r.causeEn, handling: r.handlingEn },
    DE: { description: r.descriptionDe, cause: r.causeDe, handling: r.handlingDe },
    ITA: { description: r.descriptionIta, cause: r.causeIta, handling: r.handlingIta },
  };
}

const selection = {
  row: faultCodes,
  model: deviceModels.model,
  modelType: deviceModels.deviceType,
  definitionCode: protocolDefinitions.code,
  definitionType: protocolDefinitions.deviceType,
};

function toItem(r: {
  row: Row;
  model: string | null;
  modelType: DeviceType | null;
  definitionCode: string | null;
  definitionType: DeviceType | null;
}): FaultCode {
  const { row } = r;
  return {
    id: row.id,
    scope: row.modelId !== null ? 'MODEL' : row.definitionId !== null ? 'DEFINITION' : 'GLOBAL',
    modelId: row.modelId,
    model: r.model,
    definitionId: row.definitionId,
    definitionCode: r.definitionCode,
    deviceType: r.modelType ?? r.definitionType,
    code: row.code,
    level: row.level,
    texts: textsOf(row),
    builtIn: row.builtIn,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every text column, for the keyword filter. */
const ALL_TEXTS = Object.values(TEXT_COLUMNS).flatMap((c) => [c.description, c.cause, c.handling]);

function filterWhere(query: FaultCodeExportQuery): SQL | undefined {
  const keyword = optionalKeyword(query.keyword);
  const pattern = keyword === null ? null : containsPattern(keyword);
  return and(
    query.scope === 'MODEL' ? isNotNull(faultCodes.modelId) : undefined,
    query.scope === 'DEFINITION' ? isNotNull(faultCodes.definitionId) : undefined,
    query.scope === 'GLOBAL' ? and(isNull(faultCodes.modelId), isNull(faultCodes.definitionId)) : undefined,
    query.modelId === undefined ? undefined : eq(faultCodes.modelId, query.modelId),
    query.definitionId === undefined ? undefined : eq(faultCodes.definitionId, query.definitionId),
    query.deviceType === undefined
      ? undefined
      : or(
          eq(deviceModels.deviceType, query.deviceType),
          eq(protocolDefinitions.deviceType, query.deviceType),
        ),
    query.code === undefined ? undefined : eq(faultCodes.code, query.code),
    query.level === undefined ? undefined : eq(faultCodes.level, query.level),
    pattern === null ? undefined : or(...ALL_TEXTS.map((c) => sql`${c} ilike ${pattern}`)),
  );
}

export class FaultCodesRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .select(selection)
      .from(faultCodes)
      .leftJoin(deviceModels, eq(deviceModels.id, faultCodes.modelId))
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, faultCodes.definitionId));
  }

  async page(
    query: FaultCodeExportQuery,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: FaultCode[] }> {
    const where = filterWhere(query);
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(faultCodes)
      .leftJoin(deviceModels, eq(deviceModels.id, faultCodes.modelId))
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, faultCodes.definitionId))
      .where(where);
    const rows = await this.base()
      .where(where)
      .orderBy(
        asc(faultCodes.code),
        asc(protocolDefinitions.code),
        asc(deviceModels.model),
        asc(faultCodes.id),
      )
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toItem) };
  }

  /** The filtered entries in page order, at most `limit`. */
  async list(query: FaultCodeExportQuery, limit: number): Promise<FaultCode[]> {
    const rows = await this.base()
      .where(filterWhere(query))
      .orderBy(
        asc(faultCodes.code),
        asc(protocolDefinitions.code),
        asc(deviceModels.model),
        asc(faultCodes.id),
      )
      .limit(limit);
    return rows.map(toItem);
  }

  async get(id: number): Promise<FaultCode | null> {
    const rows = await this.base().where(eq(faultCodes.id, id));
    return rows[0] === undefined ? null : toItem(rows[0]);
  }

  async insert(values: FaultCodeValues): Promise<number> {
    const [row] = await this.db
      .insert(faultCodes)
      .values({
        modelId: values.modelId,
        definitionId: values.definitionId,
        code: values.code,
        level: values.level,
        ...textColumns(values.texts),
      })
      .returning({ id: faultCodes.id });
    if (row === undefined) throw new Error('insert returned no row');
    return row.id;
  }

  /** False when there is no such entry. */
  async update(id: number, values: FaultCodeValues): Promise<boolean> {
    const rows = await this.db
      .update(faultCodes)
      .set({
        modelId: values.modelId,
        definitionId: values.definitionId,
        code: values.code,
        level: values.level,
        ...textColumns(values.texts),
        updatedAt: sql`now()`,
      })
      .where(eq(faultCodes.id, id))
      .returning({ id: faultCodes.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(faultCodes)
      .where(eq(faultCodes.id, id))
      .returning({ id: faultCodes.id });
    return rows.length > 0;
  }

  async modelExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: deviceModels.id })
      .from(deviceModels)
      .where(eq(deviceModels.id, id));
    return rows.length > 0;
  }

  async definitionExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: protocolDefinitions.id })
      .from(protocolDefinitions)
      .where(eq(protocolDefinitions.id, id));
    return rows.length > 0;
  }

  /** Every protocol definition by code, and every device model (for import rows). */
  async scopes(): Promise<{
    definitions: { id: number; code: string }[];
    models: { id: number; model: string; deviceType: DeviceType }[];
  }> {
    const [definitions, models] = await Promise.all([
      this.db
        .select({ id: protocolDefinitions.id, code: protocolDefinitions.code })
        .from(protocolDefinitions),
      this.db
        .select({ id: deviceModels.id, model: deviceModels.model, deviceType: deviceModels.deviceType })
        .from(deviceModels),
    ]);
    return { definitions, models };
  }

  /**
   * Writes the import in one transaction: each row replaces the entry of its (scope, code) or is added.
   * Returns how many were added and how many replaced.
   */
  async importAll(rows: readonly FaultCodeValues[]): Promise<{ created: number; updated: number }> {
    return this.db.transaction(async (tx) => {
      let created = 0;
      let updated = 0;
      for (const values of rows) {
        const scopeWhere =
          values.modelId !== null
            ? eq(faultCodes.modelId, values.modelId)
            : values.definitionId !== null
              ? eq(faultCodes.definitionId, values.definitionId)
              : and(isNull(faultCodes.modelId), isNull(faultCodes.definitionId));
        const set = { level: values.level, ...textColumns(values.texts), updatedAt: sql`now()` };
        const changed = await tx
          .update(faultCodes)
          .set(set)
          .where(and(scopeWhere, eq(faultCodes.code, values.code)))
          .returning({ id: faultCodes.id });
        if (changed.length > 0) {
          updated += 1;
          continue;
        }
        await tx.insert(faultCodes).values({
          modelId: values.modelId,
          definitionId: values.definitionId,
          code: values.code,
          level: values.level,
          ...textColumns(values.texts),
        });
        created += 1;
      }
      return { created, updated };
    });
  }

  // ---- Lookups for alarms ----

  /** Model and definition of devices, by device id. */
  async deviceScopes(
    deviceIds: readonly number[],
  ): Promise<Map<number, { modelId: number | null; definitionId: number | null }>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: devices.id, modelId: devices.modelId, definitionId: deviceModels.definitionId })
      .from(devices)
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(inArray(devices.id, [...deviceIds]));
    return new Map(rows.map((r) => [r.id, { modelId: r.modelId, definitionId: r.definitionId }]));
  }

  /** Model and definition of loggers (their model name as a GATEWAY device model), by logger id. */
  async gatewayScopes(
    gatewayIds: readonly number[],
  ): Promise<Map<number, { modelId: number | null; definitionId: number | null }>> {
    if (gatewayIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: gateways.id, modelId: deviceModels.id, definitionId: deviceModels.definitionId })
      .from(gateways)
      .leftJoin(
        deviceModels,
        and(eq(deviceModels.model, gateways.model), eq(deviceModels.deviceType, 'GATEWAY')),
      )
      .where(inArray(gateways.id, [...gatewayIds]));
    return new Map(rows.map((r) => [r.id, { modelId: r.modelId, definitionId: r.definitionId }]));
  }

  /** Entries of these codes that could apply to the given models and definitions (or are global). */
  async candidates(
    codes: readonly number[],
    modelIds: readonly number[],
    definitionIds: readonly number[],
  ): Promise<Row[]> {
    if (codes.length === 0) return [];
    return this.db
      .select()
      .from(faultCodes)
      .where(
        and(
          inArray(faultCodes.code, [...codes]),
          or(
            modelIds.length === 0 ? undefined : inArray(faultCodes.modelId, [...modelIds]),
            definitionIds.length === 0 ? undefined : inArray(faultCodes.definitionId, [...definitionIds]),
            and(isNull(faultCodes.modelId), isNull(faultCodes.definitionId)),
          ),
        ),
      );
  }
}
