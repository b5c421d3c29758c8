// Faults of single strings that shape their IV curves (docs/iv-curves.md), set from the fleet file
// (`stringFaults` of an inverter) or by a test (`SiteSimulator.setStringFault`). Unlike the random string
// incidents (string-incidents.ts) they are not drawn: a string has one from the start of the run until it
// is cleared, so every scan of it shows the same shape — what the IV diagnosis is tested on.
import type { FleetStringFault } from '@sunfleet/contracts';
import type { StringCondition } from './pv-array.js';

export type StringFault = FleetStringFault;

/** Share of the light a shaded substring still receives by default: the diffuse light under a shadow. */
export const DEFAULT_SHADE_TRANSMISSION = 0.2;
/** A degraded string's default severity. */
export const DEFAULT_DEGRADATION_SEVERITY = 0.5;

/**
 * What a string fault does to its string's condition. A degraded string of severity s has 1 + 4s times the
 * series resistance (corroded connectors and solder bonds), 1 − 0.8s times the shunt resistance
 * (potential-induced degradation, cracked cells) and loses 5 s of its current: at s = 0.5 its fill factor
 * falls from about 0.78 to 0.69, at s = 1 to 0.61.
 */
export function stringFaultCondition(
  fault: StringFault,
  bypassDiodesPerModule: number,
): Partial<StringCondition> & { lightLoss?: number } {
  switch (fault.kind) {
    case 'SHADED_MODULE':
      return {
        shadedSubstrings: fault.substrings ?? bypassDiodesPerModule,
        shadeTransmission: fault.transmission ?? DEFAULT_SHADE_TRANSMISSION,
      };
    case 'BYPASS_DIODE_SHORT':
      return { shortedSubstrings: fault.substrings ?? 1 };
    case 'DEGRADED': {
      const s = fault.severity ?? DEFAULT_DEGRADATION_SEVERITY;
      return { seriesResistanceFactor: 1 + 4 * s, shuntResistanceFactor: 1 - 0.8 * s, lightLoss: 0.05 * s };
    }
    case 'OPEN_STRING':
      return { open: true };
  }
}
