// Shapes and helpers of the built-in fault-code catalogue (pure data, seeded by the server; the simulator's
// test checks that every code it emits is here).
import type { FaultCodeTexts } from '../../api/fault-codes.js';
import type { AlarmLevel, DeviceType } from '../protocol.js';

/**
 * A built-in catalogue entry. It is seeded once for every built-in protocol definition of `deviceType`
 * (the codes mean the same on the single-, split- and three-phase variants).
 */
export interface BuiltInFaultCode {
  code: number;
  level: AlarmLevel;
  deviceType: DeviceType;
  texts: FaultCodeTexts;
}

/** [description, cause, handling] of one language; handling steps as lines. */
export type TextTriple = readonly [string, string, readonly string[]];

function text([description, cause, handling]: TextTriple): {
  description: string;
  cause: string;
  handling: string;
} {
  return { description, cause, handling: handling.map((step, i) => `${i + 1}. ${step}`).join('\n') };
}

/** The four languages of an entry, in the order CN, EN, DE, ITA. */
export function texts(cn: TextTriple, en: TextTriple, de: TextTriple, ita: TextTriple): FaultCodeTexts {
  return { CN: text(cn), EN: text(en), DE: text(de), ITA: text(ita) };
}

/**
 * SunSpec event bit fields become alarm codes `base + bit` (docs/alarms.md "Fault-code catalogue"): a logger
 * that reads Evt1 of an inverter (models 101–103), Evt of a meter (201–204) or Evt1 of a battery (802)
 * reports each set bit as one alarm record with this code.
 */
export const SunSpecEventCodeBase = {
  inverter: 10_100,
  meter: 10_200,
  battery: 10_800,
} as const;

export function sunspecEventCode(family: keyof typeof SunSpecEventCodeBase, bit: number): number {
  return SunSpecEventCodeBase[family] + bit;
}
