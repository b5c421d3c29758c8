// Decision: a period whose end is before its start runs past midnight (22:00–06:00); start equal to end is
// an unused slot (inverters store 00:00–00:00) and is skipped; touching periods (08:00–12:00, 12:00–18:00)
// do not overlap; the mode does not excuse an overlap, since a device runs one mode at a time.
import { Limits } from '../limits.js';
import { RuleMessage, type RuleResult } from './messages.js';
import { matchesPattern } from './patterns.js';

const MINUTES_PER_DAY = 24 * 60;

/** Epoch milliseconds, a Date or an ISO 8601 string. */
export type InstantInput = Date | number | string;

function toMillis(input: InstantInput): number {
  if (input instanceof Date) return input.getTime();
  if (typeof input === 'number') return input;
  return Date.parse(input);
}

/** An appointment (scheduled upgrade, recording) must be strictly later than `now`. */
export function validateAppointmentTime(
  time: InstantInput | null | undefined,
  now: InstantInput,
): RuleResult {
  if (time === null || time === undefined || time === '') return RuleMessage.cannotBeBlank;
  const at = toMillis(time);
  const reference = toMillis(now);
  if (!Number.isFinite(at) || !Number.isFinite(reference)) return RuleMessage.dateInvalid;
  return at > reference ? null : RuleMessage.appointmentNotLater;
}

/** 'HH:mm' → minutes after midnight, or null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  if (!matchesPattern(value, 'timeOfDay')) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export interface TimePeriod {
  /** 'HH:mm', 24-hour. */
  readonly start: string;
  /** 'HH:mm', 24-hour; before start means the period runs past midnight. */
  readonly end: string;
  /** Working mode of the period (charge, discharge…); carried along, not compared. */
  readonly mode?: string | number;
}

/** Splits a period into half-open minute ranges within one day. */
function segmentsOf(start: number, end: number): [number, number][] {
  if (start === end) return [];
  if (start < end) return [[start, end]];
  return [
    [start, MINUTES_PER_DAY],
    [0, end],
  ].filter(([from, to]) => from !== to) as [number, number][];
}

/**
 * At most 6 periods, each 'HH:mm', none overlapping or repeated ("There are duplicates in the time period").
 */
export function validateTimePeriods(periods: readonly TimePeriod[]): RuleResult {
  if (periods.length > Limits.timeSlots) return RuleMessage.timePeriodTooMany;
  const segments: [number, number][] = [];
  for (const period of periods) {
    const start = parseTimeOfDay(period.start);
    const end = parseTimeOfDay(period.end);
    if (start === null || end === null) return RuleMessage.timePeriodFormat;
    segments.push(...segmentsOf(start, end));
  }
  segments.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < segments.length; i++) {
    const previous = segments[i - 1];
    const current = segments[i];
    if (previous && current && current[0] < previous[1]) return RuleMessage.timePeriodDuplicate;
  }
  return null;
}

/** At most 8 shortcuts on the home page. */
export function validateShortcutCount(items: readonly unknown[]): RuleResult {
  return items.length > Limits.shortcuts ? RuleMessage.shortcutsTooMany : null;
}

/** At most 6 custom months in a comparison ("select up to six items"). */
export function validateCustomMonthCount(items: readonly unknown[]): RuleResult {
  return items.length > Limits.customMonths ? RuleMessage.selectUpToSix : null;
}
