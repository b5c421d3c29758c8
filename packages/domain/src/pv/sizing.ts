// How an inverter of a built-in model is strung when nobody said otherwise: the simulator's sizing for
// fleet inverters without `mppts`, and what the server stores as their PV strings (docs/iv-curves.md
// "Strings (stored)"), so both sides agree on the modules behind each input. 450 W modules (SF-M450) at a
// DC/AC ratio of 1.15, about 16 per string, split evenly over the model's MPPT inputs; strings of 8…18
// modules on three-phase inverters and 6…11 on single-phase ones (their input voltage windows).
import { PV_MODULE_SF_M450, type PvModuleDatasheet } from '@sunfleet/contracts';

const MODULE_WATTS = 450;
const DC_AC_RATIO = 1.15;

export interface InverterSizingInput {
  /** Rated AC power, W (5 kW when the model does not say). */
  ratedPower?: number | null | undefined;
  mpptChannels: number;
  /** The model's protocol definition: `…-3p` is a three-phase inverter. */
  definitionCode: string;
}

/** Phases of a model's definition (split phase counts as single phase). */
export function phasesOfDefinition(definitionCode: string): 1 | 3 {
  return definitionCode.endsWith('-3p') ? 3 : 1;
}

/** Strings per MPPT input and modules in series per string, the same on every input. */
export interface InverterSizing {
  channels: number;
  stringsPerChannel: number;
  modulesPerString: number;
  module: PvModuleDatasheet;
}

export function sizeInverter(input: InverterSizingInput): InverterSizing {
  const rated = input.ratedPower ?? 5_000;
  const channels = Math.max(1, input.mpptChannels);
  const modules = (rated * DC_AC_RATIO) / MODULE_WATTS;
  const strings = Math.max(1, Math.round(modules / (16 * channels)));
  const [low, high] = phasesOfDefinition(input.definitionCode) === 3 ? [8, 18] : [6, 11];
  const perString = Math.min(Math.max(Math.round(modules / (strings * channels)), low), high);
  return { channels, stringsPerChannel: strings, modulesPerString: perString, module: PV_MODULE_SF_M450 };
}
