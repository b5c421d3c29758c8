// The demonstration figures of the big screen's showcase mode (SPEC §9 "big-screen simulated defaults"):
// start values, growth every 5 minutes, kept in local storage. Pure: time and chance are passed in. They are
// shown only when a platform administrator has switched the showcase on, labelled as demonstration figures,
// and never beside a real figure (docs/big-screen.md).

export interface ShowcaseCounters {
  stations: { online: number; abnormal: number; offline: number; other: number; total: number };
  devices: { total: number; working: number; fault: number; offline: number; other: number };
  impact: { coalTons: number; co2Tons: number; trees: number };
}

export interface ShowcaseState {
  counters: ShowcaseCounters;
  /** When the counters last grew, epoch ms. */
  at: number;
}

/** SPEC §9: one growth step every 300000 ms. */
export const SHOWCASE_STEP_MS = 300_000;
/** A screen left closed for months catches up at most this many steps (about 35 days). */
export const SHOWCASE_MAX_CATCH_UP = 10_000;
export const SHOWCASE_STORAGE_KEY = 'bigScreenShowcase';

/** SPEC §9 start values. */
export const SHOWCASE_START: ShowcaseCounters = {
  stations: { online: 232642, abnormal: 5, offline: 105833, other: 14298, total: 352778 },
  devices: { total: 654578, working: 458216, fault: 8, offline: 163644, other: 32710 },
  impact: { coalTons: 327014.2, co2Tons: 815478.6, trees: 452946.4 },
};

/** SPEC §9 impact growth per unit of increment. */
const GROWTH = { coalTons: 1.2, co2Tons: 1.3, trees: 1.8 } as const;

/** A random source giving numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** One step: the totals grow by 1…6; a random part of that goes online (working), the rest offline. */
export function grow(c: ShowcaseCounters, random: Random): ShowcaseCounters {
  const increment = 1 + Math.floor(random() * 6);
  const online = Math.floor(random() * (increment + 1));
  const offline = increment - online;
  return {
    stations: {
      ...c.stations,
      online: c.stations.online + online,
      offline: c.stations.offline + offline,
      total: c.stations.total + increment,
    },
    devices: {
      ...c.devices,
      working: c.devices.working + online,
      offline: c.devices.offline + offline,
      total: c.devices.total + increment,
    },
    impact: {
      coalTons: c.impact.coalTons + GROWTH.coalTons * increment,
      co2Tons: c.impact.co2Tons + GROWTH.co2Tons * increment,
      trees: c.impact.trees + GROWTH.trees * increment,
    },
  };
}

/** The state at `now`: every whole step since the last growth applied (at most SHOWCASE_MAX_CATCH_UP). */
export function advance(state: ShowcaseState, now: number, random: Random): ShowcaseState {
  if (now < state.at) return { counters: state.counters, at: now };
  const due = Math.floor((now - state.at) / SHOWCASE_STEP_MS);
  let counters = state.counters;
  for (let i = 0; i < Math.min(due, SHOWCASE_MAX_CATCH_UP); i++) counters = grow(counters, random);
  return { counters, at: state.at + due * SHOWCASE_STEP_MS };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const hasCounts = (v: unknown, keys: readonly string[]): boolean =>
  typeof v === 'object' && v !== null && keys.every((k) => isCount((v as Record<string, unknown>)[k]));

/** A stored state if it is whole, else undefined (then the screen starts from SHOWCASE_START). */
export function parseShowcaseState(value: unknown): ShowcaseState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { counters, at } = value as { counters?: Record<string, unknown>; at?: unknown };
  if (!isCount(at) || typeof counters !== 'object') return undefined;
  const ok =
    hasCounts(counters.stations, Object.keys(SHOWCASE_START.stations)) &&
    hasCounts(counters.devices, Object.keys(SHOWCASE_START.devices)) &&
    hasCounts(counters.impact, Object.keys(SHOWCASE_START.impact));
  return ok ? { counters: counters as unknown as ShowcaseCounters, at } : undefined;
}

/** The state to show at `now`: the stored one caught up, or the start values from now. */
export function showcaseStateAt(stored: unknown, now: number, random: Random): ShowcaseState {
  const parsed = parseShowcaseState(stored);
  return parsed === undefined ? { counters: SHOWCASE_START, at: now } : advance(parsed, now, random);
}
