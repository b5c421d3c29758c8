// `run --fleet`: every logger of a fleet file in one process on one clock, publishing to a broker. Loggers
// start where their state ends (a restart fills the time it was down, up to --backfill-days) or, fresh,
// --backfill-days ago; the past is uploaded as fast as the broker acknowledges (flagged backlog), or as a
// time-lapse with --acceleration > 1; then they run in real time (the cloud refuses readings from the
// future). One line when running, progress while catching up, one line per logger error.
import { FleetDriver } from '../fleet/driver.js';
import { formatDuration, ProgressPrinter } from '../fleet/progress.js';
import { numberOption } from './args.js';
import type { CommandIo } from './command.js';
import { buildFleet, waitForStop } from './fleet-options.js';

const DAY_MS = 86_400_000;
/** The cloud refuses readings older than 3 × 366 days; stay a day inside. */
export const MAX_BACKFILL_DAYS = 3 * 366 - 1;
/**
 * Default window of the first connects: 5 ms per logger (200 loggers a second), at most a minute — the
 * demo fleet's dozen loggers connect within a tenth of a second, the soak's 10,000 over 50 s.
 */
export function defaultConnectSpreadS(loggers: number): number {
  return Math.min(loggers * 0.005, 60);
}

type Values = Record<string, string | boolean | undefined>;

export async function runFleet(values: Values, io: CommandIo): Promise<number> {
  const backfillDays = numberOption(values, 'backfill-days', { min: 0, max: MAX_BACKFILL_DAYS }, 0);
  const acceleration = numberOption(values, 'acceleration', { min: 1, max: 1e6 }, 1);
  const duration = values.duration === undefined ? undefined : numberOption(values, 'duration', { above: 0 });
  const spreadOption =
    values['connect-spread'] === undefined
      ? null
      : numberOption(values, 'connect-spread', { min: 0, max: 3_600 });
  const setup = buildFleet(values, io);
  const spreadS = spreadOption ?? defaultConnectSpreadS(setup.loggers.length);
  const now = Date.now();
  const earliest = now - backfillDays * DAY_MS;
  const from = setup.loggers.map((l) =>
    backfillDays === 0 ? now : Math.max(l.resumeFrom ?? earliest, earliest),
  );
  const driver = new FleetDriver({
    loggers: setup.loggers,
    from,
    target: Date.now,
    pace: acceleration > 1 ? acceleration : Number.POSITIVE_INFINITY,
    connectSpreadMs: spreadS * 1_000,
  });
  const catchUp = driver.progress();
  const longest = Math.max(...from.map((f) => now - f));
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  io.out(
    `running ${plural(setup.loggers.length, 'logger')} of ${plural(setup.stations, 'station')} against ` +
      `${setup.brokerUrl} (seed ${String(setup.fleet.seed)})` +
      (catchUp.behind > 0
        ? `; ${plural(catchUp.behind, 'logger')} catching up (up to ${formatDuration(longest)} back) ` +
          (acceleration > 1 ? `at ×${acceleration}` : 'as fast as the broker acknowledges')
        : ''),
  );
  const printer = new ProgressPrinter(
    { tty: false, write: (text) => io.out(text.trimEnd()) },
    'catching up:',
  );
  let caughtUp = catchUp.behind === 0;
  const timer = setInterval(() => {
    if (caughtUp) return;
    const progress = driver.progress();
    if (progress.behind > 0) return printer.update(progress);
    caughtUp = true;
    io.out(
      `caught up: ${progress.readings.toLocaleString('en-US')} readings in ${formatDuration(progress.elapsedMs)}; running in real time`,
    );
  }, 1_000);
  const stop = waitForStop(duration, values['stop-on-stdin-close'] === true);
  let code = 0;
  const loop = driver.start().catch((error: unknown) => {
    io.err(`simulation failed: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  });
  await Promise.race([stop.promise, loop]);
  stop.cancel();
  clearInterval(timer);
  await driver.stop();
  await Promise.all(setup.loggers.map((l) => l.stop()));
  return code;
}
