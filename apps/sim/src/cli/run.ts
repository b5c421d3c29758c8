// `run`: simulated loggers from a JSON configuration (see run-config.ts) publishing to a broker per
// docs/protocol.md, in real time or accelerated (an accelerated run that starts in the past catches up to
// now, then continues at 1×). One line when running, one per logger error; SIGINT/SIGTERM stop cleanly.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SimLogger } from '../logger/sim-logger.js';
import { runLoggers, SimClock, untilSignal } from '../logger/runner.js';
import { instantOption, numberOption, parseOptions, UsageError } from './args.js';
import type { Command } from './command.js';
import { ConfigError, parseRunConfig } from './run-config.js';

const OPTIONS = {
  config: { type: 'string' },
  acceleration: { type: 'string' },
  start: { type: 'string' },
  duration: { type: 'string' },
} as const;

export const runCommand: Command = {
  name: 'run',
  summary: 'simulated loggers (from a JSON config) publishing to an MQTT broker',
  usage: [
    'run --config <file.json> [--acceleration <x>] [--start <ISO 8601 with offset>] [--duration <s>]',
    'The config names the broker, the seed and the loggers (SN, secret, site or device models);',
    'see apps/sim/README.md. --acceleration and --start override the config; --duration stops after',
    'that many real seconds. Journals and state live in bufferDir/<SN> (default data/sim).',
  ].join('\n'),
  async run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const path = values.config;
    if (typeof path !== 'string') throw new UsageError('--config is required');
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new UsageError(`cannot read ${path}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    let config;
    try {
      config = parseRunConfig(json, dirname(resolve(path)));
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
    const acceleration = numberOption(values, 'acceleration', { above: 0, max: 1e6 }, config.acceleration);
    const start = values.start === undefined ? config.start : instantOption(values, 'start');
    const duration =
      values.duration === undefined ? undefined : numberOption(values, 'duration', { above: 0 });
    if (start !== null && start > Date.now() + 60_000) throw new UsageError('--start lies in the future');
    const loggers = config.loggers.map(
      (options) =>
        new SimLogger({
          ...options,
          onError: (error) => io.err(`${options.sn}: ${error.message}`),
        }),
    );
    const clock = new SimClock({ ...(start === null ? {} : { start }), acceleration });
    const runner = runLoggers(loggers, clock);
    io.out(
      `running ${loggers.length} logger${loggers.length === 1 ? '' : 's'} against ${config.broker}` +
        ` (seed ${String(config.seed)}, from ${new Date(clock.start).toISOString()}, ×${acceleration})`,
    );
    await untilSignal(duration);
    await runner.stop();
    return 0;
  },
};
