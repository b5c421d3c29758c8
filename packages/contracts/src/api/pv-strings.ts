// An inverter's PV strings: which modules, how many in series, on which MPPT input. An IV scan's expected
// curve is the string's module datasheet translated to the measured irradiance and cell temperature times
// the modules in series (packages/domain/src/pv/expected.ts, docs/iv-curves.md), so the platform must know
// them; a logger does not. Stored per device (GET|PUT /api/device/{id}/pvStrings).
import { Type, type Static } from 'typebox';
import { PvModuleDatasheet } from '../pv-modules.js';

export const PvStringLimits = {
  /** Strings one MPPT input takes at most (parallel strings on one tracker). */
  stringsPerMpptMax: 8,
  /** Modules in series in one string at most (1,500 V systems reach about 30). */
  modulesInSeriesMax: 60,
} as const;

export const PvStringMessage = {
  /** The device is not an inverter: only inverters have PV strings. */
  notInverter: 'pv.notInverter',
  /** An MPPT input the inverter's model does not have. */
  mpptOutOfRange: 'pv.mpptOutOfRange',
  /** The same MPPT input and string number twice. */
  duplicateString: 'pv.duplicateString',
  /** A module datasheet no real module has (Vmp ≥ Voc, Imp ≥ Isc, a fill factor outside 0.5…0.9, …). */
  moduleInvalid: 'pv.moduleInvalid',
} as const;

export const PvString = Type.Object(
  {
    mppt: Type.Integer({ minimum: 1, maximum: 32, description: "The MPPT input (1…the model's mpptCount)" }),
    string: Type.Integer({
      minimum: 1,
      maximum: PvStringLimits.stringsPerMpptMax,
      description: 'The string on that input (1, 2… for parallel strings)',
    }),
    module: PvModuleDatasheet,
    modulesInSeries: Type.Integer({ minimum: 1, maximum: PvStringLimits.modulesInSeriesMax }),
  },
  { additionalProperties: false },
);
export type PvString = Static<typeof PvString>;

export const PvStringsBody = Type.Object(
  {
    strings: Type.Array(PvString, {
      maxItems: 32 * PvStringLimits.stringsPerMpptMax,
      description: 'Every string of the inverter: replaces what was stored (an empty list clears it)',
    }),
  },
  { additionalProperties: false },
);
export type PvStringsBody = Static<typeof PvStringsBody>;

export const PvStringsView = Type.Object({
  deviceId: Type.Integer(),
  mpptCount: Type.Integer({ minimum: 0, description: "MPPT inputs of the device's model" }),
  strings: Type.Array(PvString, { description: 'By MPPT input, then string' }),
  updatedAt: Type.Union([Type.Null(), Type.Integer({ description: 'Epoch ms of the last change' })]),
  builtInModules: Type.Array(PvModuleDatasheet, {
    description: 'Module datasheets the platform ships, to choose from (any other can be entered)',
  }),
});
export type PvStringsView = Static<typeof PvStringsView>;
