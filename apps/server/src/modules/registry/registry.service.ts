import {
  pageWindow,
  RegistryMessage,
  type DeviceModel,
  type DeviceModelBody,
  type DeviceModelQuery,
  type DeviceRule,
  type DeviceRuleBody,
  type DeviceRuleQuery,
  type DisplayGroup,
  type DisplayGroupCreateBody,
  type DisplayGroupUpdateBody,
  type ProtocolDefinitionBody,
  type ProtocolDefinitionDetail,
  type ProtocolDefinitionQuery,
  type ProtocolDefinitionSummary,
} from '@sunfleet/contracts';
import { Errors, type AppError } from '../../lib/errors.js';
import { requirePlatform } from '../reference/reference.service.js';
import {
  invalidField,
  optionalKeyword,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  requiredText,
} from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import type { CatalogRepository, ModelValues, RuleValues } from './catalog.repository.js';
import { DefinitionCache } from './definitions.cache.js';
import type { DefinitionValues, DefinitionsRepository } from './definitions.repository.js';
import { registerMapProblems } from './register-map.js';

interface Page<T> {
  total: number;
  list: T[];
}

/** Runs a write, turning the database's own refusals into the answers the checks before it give. */
async function guarded<T>(
  write: () => Promise<T>,
  onConflict: () => AppError,
  onMissingRef?: () => AppError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) throw onConflict();
    if (code === PG_FOREIGN_KEY_VIOLATION && onMissingRef) throw onMissingRef();
    throw error;
  }
}

const builtInReadOnly = (): AppError =>
  invalidField(
    'params.id',
    RegistryMessage.definitionBuiltIn,
    'built-in definitions are read-only; copy it (create one with a new code) to change it',
  );
const definitionInUse = (): AppError =>
  invalidField('params.id', RegistryMessage.definitionInUse, 'device models use this definition');
const definitionUnknown = (): AppError =>
  invalidField('body.definitionId', RegistryMessage.definitionUnknown, 'no such protocol definition');
const modelUnknown = (): AppError =>
  invalidField('body.modelId', RegistryMessage.deviceModelUnknown, 'no such device model');

/**
 * The device registry: platform reference data shared by every tenant. Reads need only the route's
 * permission; writes also a platform account (a distributor given the permission by a custom role
 * must still not change what every other tenant's devices decode with). Every write makes the
 * definition caches of this process reload.
 */
export class RegistryService {
  constructor(
    private readonly definitions: DefinitionsRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  // ---- Protocol definitions ----

  definitionPage(query: ProtocolDefinitionQuery): Promise<Page<ProtocolDefinitionSummary>> {
    return this.definitions.page(
      { keyword: optionalKeyword(query.keyword), deviceType: query.deviceType ?? null },
      pageWindow(query),
    );
  }

  async definitionDetail(id: number): Promise<ProtocolDefinitionDetail> {
    const detail = await this.definitions.detail(id);
    if (!detail) throw Errors.notFound();
    return detail;
  }

  async createDefinition(scope: Scope, body: ProtocolDefinitionBody): Promise<number> {
    requirePlatform(scope);
    const values = await this.definitionValues(body);
    const id = await guarded(
      () => this.definitions.insert(values),
      () => Errors.exists(RegistryMessage.definitionCodeExists),
    );
    DefinitionCache.invalidateAll();
    return id;
  }

  async updateDefinition(scope: Scope, id: number, body: ProtocolDefinitionBody): Promise<void> {
    requirePlatform(scope);
    const state = await this.definitions.state(id);
    if (!state) throw Errors.notFound();
    if (state.builtIn) throw builtInReadOnly();
    if (state.deviceType !== body.deviceType && state.modelCount > 0) {
      throw invalidField(
        'body.deviceType',
        RegistryMessage.definitionTypeLocked,
        'device models use this definition; its device type cannot change',
      );
    }
    const values = await this.definitionValues(body);
    const updated = await guarded(
      () => this.definitions.update(id, values),
      () => Errors.exists(RegistryMessage.definitionCodeExists),
    );
    if (!updated) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  async deleteDefinition(scope: Scope, id: number): Promise<void> {
    requirePlatform(scope);
    const state = await this.definitions.state(id);
    if (!state) throw Errors.notFound();
    if (state.builtIn) throw builtInReadOnly();
    if (state.modelCount > 0) throw definitionInUse();
    // A model created since the check: the foreign key refuses the delete.
    const deleted = await guarded(() => this.definitions.delete(id), definitionInUse, definitionInUse);
    if (!deleted) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  private async definitionValues(body: ProtocolDefinitionBody): Promise<DefinitionValues> {
    const name = requiredText(body.name, 'body.name');
    const problems = registerMapProblems(body.registers, await this.catalog.groupKeys());
    const first = problems[0];
    if (first) throw Errors.invalid(first.rule, problems);
    return {
      code: body.code,
      name,
      deviceType: body.deviceType,
      sunspecModels: [...new Set(body.sunspecModels)],
      registers: body.registers,
    };
  }

  // ---- Display groups ----

  groups(): Promise<DisplayGroup[]> {
    return this.catalog.groups();
  }

  async createGroup(scope: Scope, body: DisplayGroupCreateBody): Promise<void> {
    requirePlatform(scope);
    const nameKey = requiredText(body.nameKey, 'body.nameKey');
    const inserted = await this.catalog.insertGroup({ key: body.key, nameKey, sort: body.sort });
    if (!inserted) throw Errors.exists(RegistryMessage.displayGroupExists);
    DefinitionCache.invalidateAll();
  }

  async updateGroup(scope: Scope, key: string, body: DisplayGroupUpdateBody): Promise<void> {
    requirePlatform(scope);
    const nameKey = requiredText(body.nameKey, 'body.nameKey');
    if (!(await this.catalog.updateGroup(key, { nameKey, sort: body.sort }))) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  async deleteGroup(scope: Scope, key: string): Promise<void> {
    requirePlatform(scope);
    const outcome = await this.catalog.deleteGroup(key);
    if (outcome === 'missing') throw Errors.notFound();
    if (outcome === 'inUse') {
      throw invalidField(
        'params.key',
        RegistryMessage.displayGroupInUse,
        'definition registers use this group',
      );
    }
    DefinitionCache.invalidateAll();
  }

  // ---- Device models ----

  models(query: DeviceModelQuery): Promise<DeviceModel[]> {
    return this.catalog.models(query.deviceType ?? null);
  }

  async createModel(scope: Scope, body: DeviceModelBody): Promise<number> {
    requirePlatform(scope);
    const values = await this.modelValues(body);
    const id = await guarded(
      () => this.catalog.insertModel(values),
      () => Errors.exists(RegistryMessage.deviceModelExists),
      definitionUnknown,
    );
    DefinitionCache.invalidateAll();
    return id;
  }

  async updateModel(scope: Scope, id: number, body: DeviceModelBody): Promise<void> {
    requirePlatform(scope);
    const existing = await this.catalog.model(id);
    if (!existing) throw Errors.notFound();
    if (existing.deviceType !== body.deviceType && (await this.catalog.modelDeviceCount(id)) > 0) {
      throw invalidField(
        'body.deviceType',
        RegistryMessage.deviceModelTypeLocked,
        'devices use this model; its device type cannot change',
      );
    }
    const values = await this.modelValues(body);
    const updated = await guarded(
      () => this.catalog.updateModel(id, values),
      () => Errors.exists(RegistryMessage.deviceModelExists),
      definitionUnknown,
    );
    if (!updated) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  private async modelValues(body: DeviceModelBody): Promise<ModelValues> {
    if (body.definitionId !== null) {
      const definition = await this.definitions.state(body.definitionId);
      if (!definition) throw definitionUnknown();
      if (definition.deviceType !== body.deviceType) {
        throw invalidField(
          'body.definitionId',
          RegistryMessage.definitionTypeMismatch,
          `the definition is for ${definition.deviceType} devices`,
        );
      }
    }
    return {
      deviceType: body.deviceType,
      model: body.model,
      manufacturer: body.manufacturer.trim(),
      definitionId: body.definitionId,
      ratedPower: body.ratedPower,
      mpptChannels: body.mpptChannels,
    };
  }

  // ---- Device rules ----

  rulePage(query: DeviceRuleQuery): Promise<Page<DeviceRule>> {
    return this.catalog.rulePage(
      {
        keyword: optionalKeyword(query.keyword),
        deviceType: query.deviceType ?? null,
        modelId: query.modelId ?? null,
      },
      pageWindow(query),
    );
  }

  async createRule(scope: Scope, body: DeviceRuleBody): Promise<number> {
    requirePlatform(scope);
    const values = await this.ruleValues(body);
    const id = await guarded(
      () => this.catalog.insertRule(values),
      () => Errors.exists(RegistryMessage.deviceRuleExists),
      modelUnknown,
    );
    DefinitionCache.invalidateAll();
    return id;
  }

  async updateRule(scope: Scope, id: number, body: DeviceRuleBody): Promise<void> {
    requirePlatform(scope);
    if (!(await this.catalog.ruleExists(id))) throw Errors.notFound();
    const values = await this.ruleValues(body);
    const updated = await guarded(
      () => this.catalog.updateRule(id, values),
      () => Errors.exists(RegistryMessage.deviceRuleExists),
      modelUnknown,
    );
    if (!updated) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  async deleteRule(scope: Scope, id: number): Promise<void> {
    requirePlatform(scope);
    if (!(await this.catalog.deleteRule(id))) throw Errors.notFound();
    DefinitionCache.invalidateAll();
  }

  private async ruleValues(body: DeviceRuleBody): Promise<RuleValues> {
    if (!(await this.catalog.model(body.modelId))) throw modelUnknown();
    return { snPrefix: body.snPrefix, modelId: body.modelId, remark: body.remark?.trim() || null };
  }
}
