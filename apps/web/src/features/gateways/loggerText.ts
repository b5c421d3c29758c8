// Pure wording of the logger centre: how long ago a logger was seen, its signal as a level, its packet
// loss, and the import's row errors (`row.<n>.<column>` fields of a 4000 answer).
import type { FieldError } from '@sunfleet/contracts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "gestern"… in `locale`; "-" when never seen. Under a minute reads as "now". */
export function relativeAge(iso: string | null, nowMs: number, locale: string): string {
  if (iso === null) return '-';
  const ago = nowMs - Date.parse(iso);
  if (Number.isNaN(ago)) return '-';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(ago) >= ms) return format.format(-Math.trunc(ago / ms), unit);
  }
  return format.format(0, 'second');
}

export type SignalLevel = 'good' | 'fair' | 'poor';

/** A cellular RSSI in dBm as a level (≥ −75 good, ≥ −95 fair, else poor); null on Ethernet or unknown. */
export function signalLevel(dbm: number | null): SignalLevel | null {
  if (dbm === null) return null;
  if (dbm >= -75) return 'good';
  if (dbm >= -95) return 'fair';
  return 'poor';
}

/** Packet loss as a share in per cent with one decimal (written by `percent`), '-' without a figure. */
export function lossText(rate: number | null, percent: (value: number) => string): string {
  return rate === null ? '-' : percent(rate * 100);
}

export interface RowError {
  /** The spreadsheet row (1 = header); null for a note about the file as a whole. */
  row: number | null;
  column: string | null;
  rule: string;
  message: string;
}

/** The import's refusal as rows (in file order), from the field errors of its 4000 answer. */
export function importRowErrors(fields: readonly FieldError[]): RowError[] {
  return fields
    .map((f) => {
      const match = /^row\.(\d+)\.(.+)$/.exec(f.field);
      return match
        ? { row: Number(match[1]), column: match[2] ?? null, rule: f.rule, message: f.message }
        : { row: null, column: null, rule: f.rule, message: f.message };
    })
    .sort((a, b) => (a.row ?? Number.MAX_SAFE_INTEGER) - (b.row ?? Number.MAX_SAFE_INTEGER));
}

/** Field errors from an unknown error's data (an ApiError's `data`), [] when it carries none. */
export function fieldErrorsOf(data: unknown): FieldError[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (f): f is FieldError =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as FieldError).field === 'string' &&
      typeof (f as FieldError).rule === 'string',
  );
}
