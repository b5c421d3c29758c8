// The PV string editor's logic (docs/iv-curves.md "Strings (stored)"): a string as the form holds it —
// temperature coefficients in %/K as datasheets print them, the module chosen from the built-in ones or
// entered — and back; the whole list after adding, changing or removing one string (PUT replaces all of
// them). Pure: no React, no requests.
import type { PvModuleDatasheet, PvString } from '@sunfleet/contracts';
import { ApiError } from '../../lib/request';

/** The module field's value for "enter the datasheet's figures". */
export const CUSTOM_MODULE = '';

/** The datasheet's temperature coefficients, which the form holds in %/K. */
type Coefficient = 'alphaIsc' | 'betaVoc' | 'gammaPmax';

/** A string as the form holds it: the datasheet's figures as they are, its coefficients in %/K. */
export type PvStringValues = Pick<PvString, 'mppt' | 'string' | 'modulesInSeries'> &
  Omit<PvModuleDatasheet, Coefficient> & {
    /** A built-in module's model, or CUSTOM_MODULE. */
    builtIn: string;
    /** %/K, as printed (0.048 %/K). */
    alphaIscPct: number;
    betaVocPct: number;
    gammaPmaxPct: number;
  };

/** Floating-point noise from the %/K ↔ fraction conversion, rounded away. */
const clean = (value: number): number => Number(value.toPrecision(10));

function datasheetValues(
  m: PvModuleDatasheet,
): Omit<PvStringValues, 'mppt' | 'string' | 'modulesInSeries' | 'builtIn'> {
  return {
    model: m.model,
    voc: m.voc,
    isc: m.isc,
    vmp: m.vmp,
    imp: m.imp,
    cellsInSeries: m.cellsInSeries,
    bypassDiodes: m.bypassDiodes,
    alphaIscPct: clean(m.alphaIsc * 100),
    betaVocPct: clean(m.betaVoc * 100),
    gammaPmaxPct: clean(m.gammaPmax * 100),
  };
}

/** Whether a stored datasheet is exactly one of the built-in modules (then the form shows it chosen). */
export function builtInOf(
  module: PvModuleDatasheet,
  builtIns: readonly PvModuleDatasheet[],
): PvModuleDatasheet | undefined {
  return builtIns.find((b) =>
    (Object.keys(b) as (keyof PvModuleDatasheet)[]).every((key) => b[key] === module[key]),
  );
}

/** The form's values for a stored string, or for a new one on the next free string of the first input. */
export function toValues(
  s: PvString | undefined,
  builtIns: readonly PvModuleDatasheet[],
  existing: readonly PvString[],
): PvStringValues {
  if (s !== undefined)
    return {
      mppt: s.mppt,
      string: s.string,
      modulesInSeries: s.modulesInSeries,
      builtIn: builtInOf(s.module, builtIns)?.model ?? CUSTOM_MODULE,
      ...datasheetValues(s.module),
    };
  const last = existing.at(-1);
  const module = last?.module ?? builtIns[0];
  return {
    mppt: last?.mppt ?? 1,
    string: (last?.string ?? 0) + 1,
    modulesInSeries: last?.modulesInSeries ?? 14,
    builtIn: module === undefined ? CUSTOM_MODULE : (builtInOf(module, builtIns)?.model ?? CUSTOM_MODULE),
    ...(module === undefined
      ? {
          model: '',
          voc: 0,
          isc: 0,
          vmp: 0,
          imp: 0,
          cellsInSeries: 72,
          bypassDiodes: 3,
          alphaIscPct: 0,
          betaVocPct: 0,
          gammaPmaxPct: 0,
        }
      : datasheetValues(module)),
  };
}

/** The form's datasheet fields filled from a built-in module. */
export function builtInValues(module: PvModuleDatasheet): Partial<PvStringValues> {
  return { builtIn: module.model, ...datasheetValues(module) };
}

/** The string the form describes (coefficients back to fractions per kelvin). */
export function fromValues(v: PvStringValues): PvString {
  return {
    mppt: v.mppt,
    string: v.string,
    modulesInSeries: v.modulesInSeries,
    module: {
      model: v.model.trim(),
      voc: v.voc,
      isc: v.isc,
      vmp: v.vmp,
      imp: v.imp,
      cellsInSeries: v.cellsInSeries,
      bypassDiodes: v.bypassDiodes,
      alphaIsc: clean(v.alphaIscPct / 100),
      betaVoc: clean(v.betaVocPct / 100),
      gammaPmax: clean(v.gammaPmaxPct / 100),
    },
  };
}

/** The list with the string at `index` replaced (null: added), by input then string as the server keeps it. */
export function withString(list: readonly PvString[], index: number | null, s: PvString): PvString[] {
  const next = index === null ? [...list, s] : list.map((old, k) => (k === index ? s : old));
  return next.sort((a, b) => a.mppt - b.mppt || a.string - b.string);
}

export const withoutString = (list: readonly PvString[], index: number): PvString[] =>
  list.filter((_, k) => k !== index);

/** The string's nameplate power at STC: Vmp × Imp × modules in series, W. */
export const nameplateW = (s: PvString): number => s.module.vmp * s.module.imp * s.modulesInSeries;

/**
 * The server's refusal of a save as a translation key (pv.moduleInvalid, pv.duplicateString…) and the
 * index of the string it names (`body.strings[2].module` → 2); null when it is not a field error (the
 * request layer's toast says what went wrong then).
 */
export function refusalOf(error: unknown): { rule: string; index: number | null } | null {
  if (!(error instanceof ApiError)) return null;
  const first: unknown = Array.isArray(error.data) ? error.data[0] : undefined;
  if (typeof first === 'object' && first !== null) {
    const { field, rule } = first as { field?: unknown; rule?: unknown };
    if (typeof rule === 'string') {
      const match = typeof field === 'string' ? /strings\[(\d+)\]/.exec(field) : null;
      return { rule, index: match === null ? null : Number(match[1]) };
    }
  }
  return null;
}
