// The fault-code catalogue (SPEC §3 "Fault code": description, cause and handling, here in CN, EN, DE and
// ITA; Step 5a). An entry belongs to one device model, one protocol definition, or to every device (global),
// and is unique per (scope, code). Reads need alarm:view, writes faultCode:update and a platform account.
import { Type, type Static } from 'typebox';
import { LANGUAGE_KEYS, type LanguageKey } from '../languages.js';
import { AlarmLevels } from '../protocol/protocol.js';
import { PageQueryFields } from './paging.js';
import { DeviceTypeSchema } from './registry.js';

export const FaultCodeLimits = {
  /** Alarm codes of the logger protocol (docs/protocol.md §5.3). */
  codeMax: 65_535,
  keywordMax: 100,
  descriptionMax: 200,
  causeMax: 1_000,
  handlingMax: 2_000,
  importFileBytesMax: 4 * 1024 * 1024,
  importRowsMax: 5_000,
  importErrorsListed: 100,
  exportRowsMax: 50_000,
} as const;

/** enMsg keys of this area (texts in locales/fault-codes). */
export const FaultCodeMessage = {
  exists: 'FaultCodeExists',
  /** Neither a model nor a definition, or both: an entry has at most one scope. */
  scopeInvalid: 'FaultCodeScopeInvalid',
  modelUnknown: 'FaultCodeModelUnknown',
  definitionUnknown: 'FaultCodeDefinitionUnknown',
  descriptionRequired: 'FaultCodeDescriptionRequired',
  codeInvalid: 'FaultCodeInvalid',
  levelInvalid: 'FaultCodeLevelInvalid',
  textTooLong: 'FaultCodeTextTooLong',
  importInvalid: 'FaultCodeImportInvalid',
  importDuplicate: 'FaultCodeImportDuplicate',
  importHeaderInvalid: 'FaultCodeImportHeaderInvalid',
  importEmpty: 'FaultCodeImportEmpty',
  importTooManyRows: 'FaultCodeImportTooManyRows',
  importUnreadable: 'FaultCodeImportUnreadable',
  importFileTooLarge: 'FaultCodeImportFileTooLarge',
  importLegacyXls: 'FaultCodeImportLegacyXls',
} as const;

/** Where an entry applies: one device model, one protocol definition, or every device. */
export const FaultCodeScopes = ['MODEL', 'DEFINITION', 'GLOBAL'] as const;
export type FaultCodeScope = (typeof FaultCodeScopes)[number];

/** The three texts of one language. Empty cause or handling: not written yet (English is shown instead). */
export const FaultCodeText = Type.Object(
  {
    description: Type.String({ maxLength: FaultCodeLimits.descriptionMax }),
    cause: Type.String({ maxLength: FaultCodeLimits.causeMax }),
    handling: Type.String({ maxLength: FaultCodeLimits.handlingMax }),
  },
  { additionalProperties: false },
);
export type FaultCodeText = Static<typeof FaultCodeText>;

/** Texts per language key (CN, EN, DE, ITA); English is required and the fallback of the others. */
export const FaultCodeTexts = Type.Object(
  { CN: FaultCodeText, EN: FaultCodeText, DE: FaultCodeText, ITA: FaultCodeText },
  { additionalProperties: false },
);
export type FaultCodeTexts = Static<typeof FaultCodeTexts>;

const Id = Type.Integer({ minimum: 1 });
const Code = Type.Integer({ minimum: 0, maximum: FaultCodeLimits.codeMax });
const nullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 });

export const FaultCode = Type.Object({
  id: Type.Integer(),
  scope: Type.Enum(FaultCodeScopes),
  modelId: Type.Union([Type.Integer(), Type.Null()]),
  model: Type.Union([Type.String(), Type.Null()], { description: 'The device model name (scope MODEL)' }),
  definitionId: Type.Union([Type.Integer(), Type.Null()]),
  definitionCode: Type.Union([Type.String(), Type.Null()], {
    description: 'The protocol definition code (scope DEFINITION)',
  }),
  deviceType: Type.Union([DeviceTypeSchema, Type.Null()], {
    description: 'The device type of the model or definition; null for global entries',
  }),
  code: Type.Integer(),
  level: Type.Enum(AlarmLevels),
  texts: FaultCodeTexts,
  builtIn: Type.Boolean({
    description: 'Seeded by Sunfleet (may still be edited; a deleted one stays deleted)',
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type FaultCode = Static<typeof FaultCode>;

const filterFields = {
  scope: Type.Optional(Type.Enum(FaultCodeScopes)),
  modelId: Type.Optional(Id),
  definitionId: Type.Optional(Id),
  deviceType: Type.Optional(DeviceTypeSchema),
  code: Type.Optional(Code),
  level: Type.Optional(Type.Enum(AlarmLevels)),
  keyword: Type.Optional(
    Type.String({
      maxLength: FaultCodeLimits.keywordMax,
      description: 'Part of a description, cause or handling text in any language',
    }),
  ),
};

export const FaultCodeQuery = Type.Object(
  { ...PageQueryFields, ...filterFields },
  { additionalProperties: false },
);
export type FaultCodeQuery = Static<typeof FaultCodeQuery>;

export const FaultCodeExportQuery = Type.Object(filterFields, { additionalProperties: false });
export type FaultCodeExportQuery = Static<typeof FaultCodeExportQuery>;

/**
 * Create and replace. `modelId` and `definitionId`: at most one (none = global). The English description
 * is required; other texts may be empty.
 */
export const FaultCodeBody = Type.Object(
  {
    modelId: Type.Optional(nullableId),
    definitionId: Type.Optional(nullableId),
    code: Code,
    level: Type.Enum(AlarmLevels),
    texts: FaultCodeTexts,
  },
  { additionalProperties: false },
);
export type FaultCodeBody = Static<typeof FaultCodeBody>;

export const FaultCodeIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const FaultCodeCreated = Type.Object({ id: Type.Integer() });

export const FaultCodeImportResult = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
});
export type FaultCodeImportResult = Static<typeof FaultCodeImportResult>;

/**
 * The spreadsheet columns of export and import, in order. Definition (a protocol definition code) or
 * Device type + Model name scope a row; both empty = global.
 */
export const FAULT_CODE_SHEET_COLUMNS = [
  'Definition',
  'Device type',
  'Model',
  'Code',
  'Level',
  ...LANGUAGE_KEYS.flatMap((l) => [`Description ${l}`, `Cause ${l}`, `Handling ${l}`]),
] as const;

/** The text of `field` in `language`, English when that language's text is empty. */
export function faultCodeText(
  texts: FaultCodeTexts,
  language: LanguageKey,
  field: keyof FaultCodeText,
): string {
  const own = texts[language][field];
  return own.trim() !== '' ? own : texts.EN[field];
}

/** An empty set of texts, for forms. */
export function emptyFaultCodeTexts(): FaultCodeTexts {
  const blank = (): FaultCodeText => ({ description: '', cause: '', handling: '' });
  return { CN: blank(), EN: blank(), DE: blank(), ITA: blank() };
}
