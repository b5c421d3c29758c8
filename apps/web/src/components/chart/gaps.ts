/**
 * Chart points of one column with gaps kept visible (ENGINEERING §4): a null point is put between two
 * readings further apart than `maxGapMs`, and missing values stay null, so the line breaks instead of
 * bridging the gap. Rows must be oldest first.
 */
export function seriesWithGaps(
  rows: readonly { ts: number; values: Record<string, number | null> }[],
  column: string,
  maxGapMs: number,
): [number, number | null][] {
  const points: [number, number | null][] = [];
  let previous: number | undefined;
  for (const row of rows) {
    if (previous !== undefined && row.ts - previous > maxGapMs) points.push([previous + 1, null]);
    const value = row.values[column];
    points.push([row.ts, value === undefined ? null : value]);
    previous = row.ts;
  }
  return points;
}

/**
 * The longest pause between readings still drawn as a line: three times the usual (median) interval,
 * at least one minute. Fewer than three readings: five minutes.
 */
export function gapThresholdMs(timestamps: readonly number[]): number {
  if (timestamps.length < 3) return 5 * 60_000;
  const steps: number[] = [];
  for (let i = 1; i < timestamps.length; i++) steps.push((timestamps[i] ?? 0) - (timestamps[i - 1] ?? 0));
  steps.sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)] ?? 0;
  return Math.max(60_000, median * 3);
}
