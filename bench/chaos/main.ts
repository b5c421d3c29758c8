// `npm run chaos [-- --loggers N --tick-ms MS --quiet-minutes N --down-ms MS]`: one chaos run against a
// private PostgreSQL and Mosquitto of this machine (docs/chaos.md). Prints the faults with their recovery
// times, readings produced / stored / duplicated / lost, the checks, and one JSON line; exits 1 when a
// check failed.
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS, runChaos, type ChaosOptions } from './chaos.js';
import { printReport } from './report.js';

const { values } = parseArgs({
  options: {
    loggers: { type: 'string' },
    'tick-ms': { type: 'string' },
    'quiet-minutes': { type: 'string' },
    'down-ms': { type: 'string' },
    quiet: { type: 'boolean' },
  },
});

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`--${name} must be a whole number from ${min} to ${max}\n`);
    process.exit(64);
  }
  return n;
}

const options: ChaosOptions = {
  ...DEFAULT_OPTIONS,
  loggers: whole('loggers', values.loggers, DEFAULT_OPTIONS.loggers, 2, 50),
  tickMs: whole('tick-ms', values['tick-ms'], DEFAULT_OPTIONS.tickMs, 5, 10_000),
  quietMinutes: whole('quiet-minutes', values['quiet-minutes'], DEFAULT_OPTIONS.quietMinutes, 1, 10_000),
  downMs: whole('down-ms', values['down-ms'], DEFAULT_OPTIONS.downMs, 0, 600_000),
  log: values.quiet === true ? () => undefined : (line) => console.log(`  ${line}`),
};

console.log(
  `chaos: ${options.loggers} loggers, a simulated minute every ${options.tickMs} ms, ` +
    `${options.quietMinutes} quiet minutes between faults, ${options.downMs} ms down each`,
);
const report = await runChaos(options);
printReport(report);
process.exit(report.ok ? 0 : 1);
