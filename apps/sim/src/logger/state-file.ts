// Small JSON files a logger keeps across restarts (journal index, settings, idempotency keys), written
// atomically: a temporary file, fsync, rename — a crash leaves the old or the new content, never half.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

export function writeJsonAtomic(path: string, value: unknown, fsync = true): void {
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, JSON.stringify(value));
    if (fsync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** The parsed file, or undefined when it does not exist or is not JSON (a fresh logger). */
export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-negative safe integer field, or the fallback. */
export function intField(record: Record<string, unknown>, key: string, fallback: number): number {
  const value = record[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}
