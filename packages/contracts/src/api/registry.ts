// The device registry of the back office (Step 2b): protocol definitions (register maps as data), display
// groups of the register screens, device models and the SN-prefix rules that identify them. Platform
// reference data: reads need the view permission, writes the update permission and a platform account.
import { Type, type Static } from 'typebox';
import { DeviceTypes } from '../protocol/protocol.js';
import { RegisterDefinition } from '../protocol/registers.js';
import { PageQueryFields } from './paging.js';

export const RegistryLimits = {
  keywordMax: 100,
  codeMax: 48,
  nameMax: 100,
  /** Registers one definition may hold (SunSpec inverter + 15 MPPT modules needs about 80). */
  registersMax: 512,
  sunspecModelsMax: 32,
  groupKeyMax: 48,
  nameKeyMax: 100,
  sortMax: 10_000,
  snPrefixMax: 32,
  remarkMax: 200,
  modelMax: 64,
  manufacturerMax: 64,
  /** Rated power (W) or capacity (Wh) ceiling: 1 GW / 1 GWh. */
  ratedPowerMax: 1e9,
  mpptChannelsMax: 15,
} as const;

/** enMsg keys of this area (texts in locales/registry). */
export const RegistryMessage = {
  /** Two registers share a key. */
  registerKeyDuplicate: 'RegisterKeyDuplicate',
  /** Two registers' address ranges overlap. */
  registerOverlap: 'RegisterAddressOverlap',
  /** The register count does not fit the data type (e.g. U32 must span 2 registers). */
  registerCountMismatch: 'RegisterCountMismatch',
  /** address + count runs past register 65535. */
  registerBeyondEnd: 'RegisterBeyondAddressSpace',
  /** min is greater than max. */
  registerRangeInvalid: 'RegisterRangeInvalid',
  /** A writable numeric register needs both min and max. */
  registerRangeRequired: 'RegisterRangeRequired',
  /** Two registers feed the same telemetry column. */
  registerColumnDuplicate: 'RegisterColumnDuplicate',
  /** Text types (STRING, VERSION, IP) cannot fill a numeric telemetry column. */
  registerColumnNotNumeric: 'RegisterColumnNotNumeric',
  /** The register's display group does not exist. */
  registerGroupUnknown: 'RegisterGroupUnknown',
  /** Two labels of a register name the same value, or a text register (STRING, VERSION, IP) has labels. */
  registerValuesInvalid: 'RegisterValuesInvalid',
  /** Built-in definitions are read-only: copy one (create with a new code) to change it. */
  definitionBuiltIn: 'ProtocolDefinitionBuiltIn',
  /** A definition a device model uses cannot be deleted. */
  definitionInUse: 'ProtocolDefinitionInUse',
  /** The device type of a definition in use cannot change (its models would no longer match). */
  definitionTypeLocked: 'ProtocolDefinitionTypeLocked',
  definitionCodeExists: 'ProtocolDefinitionCodeExists',
  definitionUnknown: 'ProtocolDefinitionUnknown',
  /** A model's definition must be for the model's device type. */
  definitionTypeMismatch: 'ProtocolDefinitionTypeMismatch',
  displayGroupExists: 'DisplayGroupExists',
  /** A display group a definition register uses cannot be deleted. */
  displayGroupInUse: 'DisplayGroupInUse',
  deviceRuleExists: 'DeviceRuleExists',
  deviceModelExists: 'DeviceModelExists',
  deviceModelUnknown: 'DeviceModelUnknown',
  /** Devices use this model, so its device type cannot change. */
  deviceModelTypeLocked: 'DeviceModelTypeLocked',
} as const;

const Id = Type.Integer({ minimum: 1 });
const Keyword = Type.Optional(Type.String({ maxLength: RegistryLimits.keywordMax }));
const Name = Type.String({ minLength: 1, maxLength: RegistryLimits.nameMax });
// Type.Enum, not Type.Union(array.map(Literal)): the latter's static type collapses to `never`.
export const DeviceTypeSchema = Type.Enum(DeviceTypes);

/**
 * `null` or a number, as a JSON Schema type list. The server's Ajv coerces types, and inside
 * anyOf[number, null] it turns a null into 0 (so `max: null` would arrive as 0); a type list is not
 * coerced.
 */
const nullable = <T>(type: 'number' | 'integer' | 'string', bounds: Record<string, number> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...bounds });

export const RegistryIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type RegistryIdParams = Static<typeof RegistryIdParams>;

// ---- Protocol definitions ("Device protocol") -----------------------------------------------------------

export const DEFINITION_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,47}$';

export const ProtocolDefinitionSummary = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'Unique, e.g. sunspec-inverter-3p' }),
  name: Type.String(),
  deviceType: DeviceTypeSchema,
  sunspecModels: Type.Array(Type.Integer(), { description: 'SunSpec model ids covered' }),
  builtIn: Type.Boolean({ description: 'Shipped with Sunfleet: read-only, may be copied' }),
  registerCount: Type.Integer(),
  modelCount: Type.Integer({ description: 'Device models using it; a definition in use cannot be deleted' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ProtocolDefinitionSummary = Static<typeof ProtocolDefinitionSummary>;

export const ProtocolDefinitionDetail = Type.Object({
  ...ProtocolDefinitionSummary.properties,
  registers: Type.Array(RegisterDefinition),
});
export type ProtocolDefinitionDetail = Static<typeof ProtocolDefinitionDetail>;

export const ProtocolDefinitionQuery = Type.Object(
  { ...PageQueryFields, keyword: Keyword, deviceType: Type.Optional(DeviceTypeSchema) },
  { additionalProperties: false },
);
export type ProtocolDefinitionQuery = Static<typeof ProtocolDefinitionQuery>;

/**
 * Create and replace. Beyond the schema the server checks the register map: unique keys, no overlapping
 * address ranges, counts that fit the data type, min ≤ max, min and max on writable numeric registers,
 * at most one register per column, and existing display groups.
 */
/** A register as the API accepts it: RegisterDefinition with min and max safe from null → 0 coercion. */
export const RegisterDefinitionInput = Type.Object(
  { ...RegisterDefinition.properties, min: nullable<number>('number'), max: nullable<number>('number') },
  { additionalProperties: false },
);

export const ProtocolDefinitionBody = Type.Object(
  {
    code: Type.String({ pattern: DEFINITION_CODE_PATTERN, description: 'Letters, digits, _ . - (≤ 48)' }),
    name: Name,
    deviceType: DeviceTypeSchema,
    sunspecModels: Type.Array(Type.Integer({ minimum: 1, maximum: 65_535 }), {
      maxItems: RegistryLimits.sunspecModelsMax,
    }),
    registers: Type.Array(RegisterDefinitionInput, { maxItems: RegistryLimits.registersMax }),
  },
  { additionalProperties: false },
);
export type ProtocolDefinitionBody = Static<typeof ProtocolDefinitionBody>;

// ---- Display groups --------------------------------------------------------------------------------------

export const DISPLAY_GROUP_KEY_PATTERN = '^[a-z][A-Za-z0-9_]{0,47}$';

export const DisplayGroup = Type.Object({
  key: Type.String(),
  nameKey: Type.String({ description: 'Translation key of the name, e.g. displayGroup.ac' }),
  sort: Type.Integer(),
  registerCount: Type.Integer({
    description: 'Definition registers shown in it; a used group cannot be deleted',
  }),
});
export type DisplayGroup = Static<typeof DisplayGroup>;

export const DisplayGroupKeyParams = Type.Object(
  { key: Type.String({ pattern: DISPLAY_GROUP_KEY_PATTERN }) },
  { additionalProperties: false },
);
export type DisplayGroupKeyParams = Static<typeof DisplayGroupKeyParams>;

const displayGroupFields = {
  nameKey: Type.String({ minLength: 1, maxLength: RegistryLimits.nameKeyMax }),
  sort: Type.Integer({ minimum: 0, maximum: RegistryLimits.sortMax }),
};
export const DisplayGroupCreateBody = Type.Object(
  { key: Type.String({ pattern: DISPLAY_GROUP_KEY_PATTERN }), ...displayGroupFields },
  { additionalProperties: false },
);
export type DisplayGroupCreateBody = Static<typeof DisplayGroupCreateBody>;
export const DisplayGroupUpdateBody = Type.Object(displayGroupFields, { additionalProperties: false });
export type DisplayGroupUpdateBody = Static<typeof DisplayGroupUpdateBody>;

// ---- Device models -----------------------------------------------------------------------------------------

export const DeviceModel = Type.Object({
  id: Type.Integer(),
  deviceType: DeviceTypeSchema,
  model: Type.String({ description: 'The model string a logger announces in hello, e.g. SF-INV-3P-10K' }),
  manufacturer: Type.String(),
  definitionId: Type.Union([Type.Integer(), Type.Null()]),
  definitionCode: Type.Union([Type.String(), Type.Null()]),
  definitionName: Type.Union([Type.String(), Type.Null()]),
  ratedPower: Type.Union([Type.Number(), Type.Null()], {
    description: 'Rated AC power in W (inverters), capacity in Wh (batteries)',
  }),
  mpptChannels: Type.Integer(),
  ruleCount: Type.Integer({ description: 'Device rules (SN prefixes) pointing at it' }),
});
export type DeviceModel = Static<typeof DeviceModel>;

export const DeviceModelQuery = Type.Object(
  { deviceType: Type.Optional(DeviceTypeSchema) },
  { additionalProperties: false },
);
export type DeviceModelQuery = Static<typeof DeviceModelQuery>;

export const DeviceModelBody = Type.Object(
  {
    deviceType: DeviceTypeSchema,
    model: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.+-]{0,63}$' }),
    manufacturer: Type.String({ maxLength: RegistryLimits.manufacturerMax }),
    definitionId: nullable<number>('integer', { minimum: 1 }),
    ratedPower: nullable<number>('number', { minimum: 0, maximum: RegistryLimits.ratedPowerMax }),
    mpptChannels: Type.Integer({ minimum: 0, maximum: RegistryLimits.mpptChannelsMax }),
  },
  { additionalProperties: false },
);
export type DeviceModelBody = Static<typeof DeviceModelBody>;

// ---- Device rules ("Device rule": SN prefix → model) -------------------------------------------------------

export const SN_PREFIX_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

export const DeviceRule = Type.Object({
  id: Type.Integer(),
  snPrefix: Type.String(),
  modelId: Type.Integer(),
  model: Type.String(),
  deviceType: DeviceTypeSchema,
  remark: Type.Union([Type.String(), Type.Null()]),
});
export type DeviceRule = Static<typeof DeviceRule>;

export const DeviceRuleQuery = Type.Object(
  {
    ...PageQueryFields,
    keyword: Keyword,
    deviceType: Type.Optional(DeviceTypeSchema),
    modelId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type DeviceRuleQuery = Static<typeof DeviceRuleQuery>;

export const DeviceRuleBody = Type.Object(
  {
    snPrefix: Type.String({ pattern: SN_PREFIX_PATTERN }),
    modelId: Id,
    remark: Type.Optional(nullable<string>('string', { maxLength: RegistryLimits.remarkMax })),
  },
  { additionalProperties: false },
);
export type DeviceRuleBody = Static<typeof DeviceRuleBody>;

export const RegistryCreated = Type.Object({ id: Type.Integer() });
