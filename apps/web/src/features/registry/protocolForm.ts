import { RegistryLimits } from '@sunfleet/contracts';
import type { RegisterCheck, RowIssues } from './registerValidation';

const COPY_SUFFIX = '-copy';

/**
 * A new code for a copy: the source code with "-copy" (numbered when the source already is a copy), kept
 * within the code length so the user only has to change it when they want another name.
 */
export function copyCode(code: string): string {
  const match = /^(?<base>.*)-copy(?<n>\d*)$/.exec(code)?.groups;
  const next =
    match === undefined
      ? `${code}${COPY_SUFFIX}`
      : `${match.base ?? ''}${COPY_SUFFIX}${String(Number(match.n || '1') + 1)}`;
  if (next.length <= RegistryLimits.codeMax) return next;
  const suffix = next.slice(next.lastIndexOf(COPY_SUFFIX));
  return `${next.slice(0, RegistryLimits.codeMax - suffix.length)}${suffix}`;
}

/**
 * The problems worth showing before a save was attempted: rows just added and not yet edited are left out,
 * so a new row does not greet the user with "cannot be blank" in every cell. Overlaps stay visible for
 * every row that was edited or loaded.
 */
export function onlyRows(check: RegisterCheck, fresh: ReadonlySet<string>): RegisterCheck {
  if (fresh.size === 0) return check;
  const kept = new Map([...check.rows].filter(([id]) => !fresh.has(id)));
  const overlapping = new Set([...check.overlapping].filter((id) => !fresh.has(id)));
  return { rows: kept, overlapping, ok: check.ok };
}

/** The client's own problems plus those the server reported for a row (the client's win per cell). */
export function mergeIssues(check: RegisterCheck, server: ReadonlyMap<string, RowIssues>): RegisterCheck {
  if (server.size === 0) return check;
  const rows = new Map(check.rows);
  for (const [id, issues] of server) rows.set(id, { ...issues, ...rows.get(id) });
  return { rows, overlapping: check.overlapping, ok: false };
}
