// Things that happen to single strings for a while: part of a string shaded (a branch, debris, a bird
// dropping — the bypass diodes step in), a whole string covered (dust, pollen or leaves: less current), or
// potential-induced degradation (current and shunt resistance fall for weeks). They are causes, not alarms:
// what the inverter reports follows from the string's numbers (string-monitor.ts).
//
// A Poisson process per inverter whose draws are hashed from (seed, SN, UTC day), so any day's incidents
// are known without stepping through the days before it: live runs, backfills and restarts agree, whatever
// the step.
import { hashUniform } from './random.js';
import type { StringCondition } from './pv-array.js';

export const StringIncidentKinds = ['PARTIAL_SHADE', 'COVER', 'PID'] as const;
export type StringIncidentKind = (typeof StringIncidentKinds)[number];

interface IncidentDefinition {
  kind: StringIncidentKind;
  /** Occurrences per string and year at fault rate 1. */
  perStringYear: number;
  /** Mean duration, days (exponential, at most MAX_DAYS). */
  meanDays: number;
}

export const STRING_INCIDENTS: readonly IncidentDefinition[] = [
  { kind: 'PARTIAL_SHADE', perStringYear: 0.12, meanDays: 2 },
  { kind: 'COVER', perStringYear: 0.08, meanDays: 4 },
  { kind: 'PID', perStringYear: 0.01, meanDays: 21 },
];
const TOTAL_RATE = STRING_INCIDENTS.reduce((sum, d) => sum + d.perStringYear, 0);
const MS_PER_DAY = 86_400_000;
/** Longest incident, days: how far back a day's window looks for onsets. */
export const MAX_INCIDENT_DAYS = 30;

export interface StringIncident {
  kind: StringIncidentKind;
  /** Tracker and string, from 0. */
  channel: number;
  string: number;
  /** Epoch ms; `end` may be Infinity (until cleared). */
  start: number;
  end: number;
  /** 0…1: how bad (share of the string shaded, how much current lost). */
  severity: number;
}

/** What an incident does to its string (added to the string's other conditions). */
export function incidentCondition(
  incident: StringIncident,
  substrings: number,
): Partial<StringCondition> & { lightLoss?: number } {
  const s = incident.severity;
  switch (incident.kind) {
    case 'PARTIAL_SHADE':
      return {
        shadedSubstrings: Math.max(1, Math.round(substrings * (0.1 + 0.3 * s))),
        shadeTransmission: 0.2 + 0.15 * ((s * 7) % 1),
      };
    case 'COVER':
      return { lightLoss: 0.15 + 0.35 * s };
    case 'PID':
      return { lightLoss: 0.08 + 0.1 * s, shuntResistanceFactor: 0.15 };
  }
}

/** Poisson count for a uniform draw (inverse CDF). */
function poisson(u: number, mean: number): number {
  let p = Math.exp(-mean);
  let cumulative = p;
  let n = 0;
  while (u > cumulative && n < 50) {
    n++;
    p *= mean / n;
    cumulative += p;
  }
  return n;
}

export class StringIncidents {
  private readonly seed: number;
  private readonly strings: readonly number[];
  private readonly totalStrings: number;
  private readonly meanPerDay: number;
  private readonly byDay = new Map<number, StringIncident[]>();

  /** `strings`: strings per tracker; `rate` multiplies the catalogue rates (0: none). */
  constructor(seed: number, strings: readonly number[], rate: number) {
    this.seed = seed;
    this.strings = strings;
    this.totalStrings = strings.reduce((sum, n) => sum + n, 0);
    this.meanPerDay = (TOTAL_RATE * this.totalStrings * Math.max(rate, 0)) / 365.25;
  }

  /** The incidents that start on a UTC day (days since the epoch). */
  startingOn(day: number): readonly StringIncident[] {
    const cached = this.byDay.get(day);
    if (cached) return cached;
    const out: StringIncident[] = [];
    const count = this.meanPerDay > 0 ? poisson(hashUniform(this.seed, day, 0), this.meanPerDay) : 0;
    for (let i = 0; i < count; i++) {
      const draw = (k: number): number => hashUniform(this.seed, day, 1 + i * 8 + k);
      let pick = draw(0) * TOTAL_RATE;
      let definition = STRING_INCIDENTS[0] as IncidentDefinition;
      for (const d of STRING_INCIDENTS) {
        definition = d;
        if (pick < d.perStringYear) break;
        pick -= d.perStringYear;
      }
      let which = Math.floor(draw(1) * this.totalStrings);
      let channel = 0;
      while (which >= (this.strings[channel] ?? 1)) which -= this.strings[channel++] ?? 1;
      const start = day * MS_PER_DAY + Math.floor(draw(2) * MS_PER_DAY);
      const days = Math.min(-definition.meanDays * Math.log(1 - draw(3)), MAX_INCIDENT_DAYS);
      out.push({
        kind: definition.kind,
        channel,
        string: which,
        start,
        end: start + Math.round(days * MS_PER_DAY),
        severity: draw(4),
      });
    }
    if (this.byDay.size > 2 * MAX_INCIDENT_DAYS + 8) this.byDay.clear();
    this.byDay.set(day, out);
    return out;
  }

  /** Incidents overlapping [from, to) (epoch ms), by their start. */
  overlapping(from: number, to: number): StringIncident[] {
    const out: StringIncident[] = [];
    const last = Math.floor((to - 1) / MS_PER_DAY);
    for (let day = Math.floor(from / MS_PER_DAY) - MAX_INCIDENT_DAYS; day <= last; day++) {
      for (const incident of this.startingOn(day)) {
        if (incident.start < to && incident.end > from) out.push(incident);
      }
    }
    return out;
  }
}
