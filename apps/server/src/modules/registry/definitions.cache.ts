// The ingest decodes every reading with its device model's register map and resolves the models a hello
// announces; both would otherwise cost queries per message. The registry tables are small, so the cache
// loads them whole and reloads after a TTL (other processes edit them too) or after a write in this one.
import type { DeviceType, RegisterDefinition } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { deviceModels, deviceRules, protocolDefinitions } from '../../db/schema.js';

export interface ResolvedModel {
  id: number;
  deviceType: DeviceType;
  model: string;
  ratedPower: number | null;
  mpptChannels: number;
  definitionId: number | null;
}

interface Snapshot {
  loadedAt: number;
  generation: number;
  models: Map<number, ResolvedModel>;
  byName: Map<string, ResolvedModel>;
  /** Longest prefix first, so the first match wins. */
  rules: { prefix: string; model: ResolvedModel }[];
  registers: Map<number, readonly RegisterDefinition[]>;
}

const DEFAULT_TTL_MS = 30_000;

/** Bumped by every registry write in this process; caches reload on their next use. */
let generation = 0;

const nameKey = (type: string, model: string): string => `${type}\u0000${model}`;

export class DefinitionCache {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private snapshot: Snapshot | null = null;
  /** The load in flight, and the invalidation state it started from (a later write must not join it). */
  private loading: { promise: Promise<Snapshot>; generation: number; epoch: number } | null = null;
  /** Bumped by invalidate(): a load that started before must not become the snapshot. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    opts: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.now = opts.now ?? Date.now;
  }

  /** Makes every cache of this process reload on its next use (the registry API calls it after writes). */
  static invalidateAll(): void {
    generation++;
  }

  /** The register map of a device model; null for an unknown model or one without a definition. */
  async registersForModel(modelId: number): Promise<readonly RegisterDefinition[] | null> {
    const snapshot = await this.current();
    const definitionId = snapshot.models.get(modelId)?.definitionId ?? null;
    return definitionId === null ? null : (snapshot.registers.get(definitionId) ?? null);
  }

  /** Exact (type, model) match, else the longest device-rule SN prefix match for that type, else null. */
  async resolveModel(type: DeviceType, model: string, sn: string): Promise<ResolvedModel | null> {
    const snapshot = await this.current();
    const exact = snapshot.byName.get(nameKey(type, model));
    if (exact) return exact;
    const rule = snapshot.rules.find((r) => r.model.deviceType === type && sn.startsWith(r.prefix));
    return rule?.model ?? null;
  }

  invalidate(): void {
    this.epoch++;
    this.snapshot = null;
  }

  private current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (snapshot && snapshot.generation === generation && this.now() - snapshot.loadedAt < this.ttlMs) {
      return Promise.resolve(snapshot);
    }
    // One load at a time: a burst of messages after expiry shares a single round of queries.
    const inFlight = this.loading;
    if (inFlight && inFlight.generation === generation && inFlight.epoch === this.epoch)
      return inFlight.promise;
    const started = { generation, epoch: this.epoch };
    const promise = this.load(started).finally(() => {
      if (this.loading?.promise === promise) this.loading = null;
    });
    this.loading = { promise, ...started };
    return promise;
  }

  private async load(started: { generation: number; epoch: number }): Promise<Snapshot> {
    const loadedAt = this.now();
    const [modelRows, ruleRows, definitionRows] = await Promise.all([
      this.db
        .select({
          id: deviceModels.id,
          deviceType: deviceModels.deviceType,
          model: deviceModels.model,
          ratedPower: deviceModels.ratedPower,
          mpptChannels: deviceModels.mpptChannels,
          definitionId: deviceModels.definitionId,
        })
        .from(deviceModels),
      this.db.select({ prefix: deviceRules.snPrefix, modelId: deviceRules.modelId }).from(deviceRules),
      this.db
        .select({ id: protocolDefinitions.id, registers: protocolDefinitions.registers })
        .from(protocolDefinitions),
    ]);
    const models = new Map<number, ResolvedModel>();
    const byName = new Map<string, ResolvedModel>();
    for (const row of modelRows) {
      const model: ResolvedModel = Object.freeze({ ...row });
      models.set(model.id, model);
      byName.set(nameKey(model.deviceType, model.model), model);
    }
    const rules = ruleRows
      .flatMap((r) => {
        const model = models.get(r.modelId);
        return model ? [{ prefix: r.prefix, model }] : [];
      })
      .sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
    const registers = new Map<number, readonly RegisterDefinition[]>(
      definitionRows.map((d) => [d.id, Object.freeze(d.registers.map((r) => Object.freeze({ ...r })))]),
    );
    const snapshot: Snapshot = { loadedAt, generation: started.generation, models, byName, rules, registers };
    if (started.epoch === this.epoch) this.snapshot = snapshot;
    return snapshot;
  }
}
