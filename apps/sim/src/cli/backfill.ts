// `backfill`: the fleet's loggers over the past N days, as fast as the broker acknowledges, every upload
// flagged backlog — history for charts through the real protocol. Each logger continues from where its
// state ends (a second backfill does not repeat the first). A progress bar with an ETA on a terminal,
// a line every few seconds otherwise (on stderr); a summary on stdout; SIGINT stops it (run it again to
// continue).
import { FleetDriver } from '../fleet/driver.js';
import { formatDuration, ProgressPrinter } from '../fleet/progress.js';
import { instantOption, numberOption, parseOptions, UsageError } from './args.js';
import type { Command } from './command.js';
import { buildFleet, FLEET_OPTIONS, progressSink, waitForStop } from './fleet-options.js';
import { MAX_BACKFILL_DAYS } from './run-fleet.js';

const OPTIONS = {
  ...FLEET_OPTIONS,
  days: { type: 'string' },
  until: { type: 'string' },
} as const;

const DAY_MS = 86_400_000;

export const backfillCommand: Command = {
  name: 'backfill',
  summary: "upload the past N days of a fleet's loggers (flagged backlog), then exit",
  usage: [
    'backfill --days <n> --credentials <file> [--fleet <file>=the demo fleet] [--scale <n>=1]',
    '    [--mqtt mqtt://127.0.0.1:1883] [--state data/sim] [--until <ISO 8601 with offset>=now]',
    'Runs every logger with a secret in --credentials ({"<SN>": "<secret>"}) from --days before --until',
    '(or from where its state in --state/<SN> ends) to --until, as fast as the broker acknowledges.',
  ].join('\n'),
  async run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const days = numberOption(values, 'days', { above: 0, max: MAX_BACKFILL_DAYS });
    const until = values.until === undefined ? Date.now() : instantOption(values, 'until');
    if (until > Date.now() + 60_000) throw new UsageError('--until lies in the future');
    const setup = buildFleet(values, io);
    const earliest = until - days * DAY_MS;
    const driver = new FleetDriver({
      loggers: setup.loggers,
      from: setup.loggers.map((l) => Math.max(l.resumeFrom ?? earliest, earliest)),
      target: () => until,
      backfill: true,
    });
    const printer = new ProgressPrinter(progressSink(io), 'backfill');
    const timer = setInterval(() => printer.update(driver.progress()), 200);
    const stop = waitForStop();
    let failure = null as string | null;
    const loop = driver.start().catch((error: unknown) => {
      failure = error instanceof Error ? error.message : String(error);
    });
    const outcome = await Promise.race([
      driver.whenFinished().then(() => 'done'),
      stop.promise,
      loop.then(() => 'failed'),
    ]);
    stop.cancel();
    clearInterval(timer);
    const progress = driver.progress();
    printer.update(progress, true);
    printer.finish();
    await driver.stop();
    await Promise.all(setup.loggers.map((l) => l.stop()));
    if (failure !== null) {
      io.err(`backfill failed: ${failure}`);
      return 1;
    }
    const summary =
      `${progress.readings.toLocaleString('en-US')} readings in ${progress.messages.toLocaleString('en-US')} ` +
      `messages from ${setup.loggers.length} logger${setup.loggers.length === 1 ? '' : 's'} in ${formatDuration(progress.elapsedMs)}`;
    if (outcome !== 'done') {
      io.err(`backfill interrupted (${outcome}) after ${summary}; run it again to continue`);
      return 130;
    }
    io.out(
      `backfilled ${days} day${days === 1 ? '' : 's'} until ${new Date(until).toISOString()}: ${summary}`,
    );
    return 0;
  },
};
