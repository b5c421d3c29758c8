// Shared argument handling for the CLI commands: node:util parseArgs, negative numbers as option values,
// strict numbers with ranges, and a usage error that the entry point turns into exit code 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad or missing arguments: printed on stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `--lon -105.2` is ambiguous to parseArgs (the value starts with a dash); a negative number right after an
 * option that takes a value is joined to it (`--lon=-105.2`), which is what the user meant.
 */
export function joinNegativeValues(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    const takesValue = name !== null && options[name]?.type === 'string';
    if (takesValue && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** parseArgs in strict mode; its errors become usage errors. */
export function parseOptions(
  args: readonly string[],
  options: Options,
): Record<string, string | boolean | undefined> {
  try {
    const { values } = parseArgs({
      args: joinNegativeValues(args, options),
      options,
      strict: true,
      allowPositionals: false,
    });
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export interface NumberRule {
  min?: number;
  max?: number;
  /** Exclusive lower bound. */
  above?: number;
}

/** A finite decimal number within the rule, or a usage error naming the option. */
export function numberOption(
  values: Record<string, string | boolean | undefined>,
  name: string,
  rule: NumberRule,
  fallback?: number,
): number {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  if (typeof raw !== 'string' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw.trim())) {
    throw new UsageError(`--${name} must be a number, got "${String(raw)}"`);
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a finite number`);
  if (rule.min !== undefined && value < rule.min)
    throw new UsageError(`--${name} must be at least ${rule.min}`);
  if (rule.max !== undefined && value > rule.max)
    throw new UsageError(`--${name} must be at most ${rule.max}`);
  if (rule.above !== undefined && value <= rule.above)
    throw new UsageError(`--${name} must be above ${rule.above}`);
  return value;
}

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time with an explicit offset (Z or ±hh:mm) as epoch milliseconds. */
export function instantOption(values: Record<string, string | boolean | undefined>, name: string): number {
  const raw = values[name];
  if (raw === undefined) throw new UsageError(`--${name} is required`);
  if (typeof raw !== 'string' || !ISO_WITH_OFFSET.test(raw)) {
    throw new UsageError(
      `--${name} must be an ISO 8601 date-time with an offset, e.g. 2003-10-17T12:30:30-07:00`,
    );
  }
  const match = ISO_WITH_OFFSET.exec(raw) as RegExpExecArray;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(match[i]));
  const second = Number(match[7] ?? 0);
  const fraction = Number(match[8] ?? 0);
  const zone = match[9] ?? 'Z';
  // Date.parse rolls 30 February over to March; check the calendar fields ourselves.
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second);
  const check = new Date(utc);
  const offsetMinutes =
    zone === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  if (
    check.getUTCMonth() + 1 !== month ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    second > 59 ||
    Math.abs(offsetMinutes) > 18 * 60 ||
    Number(zone.slice(-2)) > 59
  ) {
    throw new UsageError(`--${name} is not a valid date-time: "${raw}"`);
  }
  return utc + fraction * 1_000 - offsetMinutes * 60_000;
}
