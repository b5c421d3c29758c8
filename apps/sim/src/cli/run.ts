// `run`: simulated loggers from a JSON configuration (see run-config.ts) publishing to a broker per
// docs/protocol.md, in real time or accelerated (an accelerated run that starts in the past catches up to
// now, then continues at 1×). One line when running, one per logger error; SIGINT/SIGTERM stop cleanly.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SimLogger } from '../logger/sim-logger.js';
import { runLoggers, SimClock, untilSignal } from '../logger/runner.js';
import { instantOption, numberOption, parseOptions, UsageError } from './args.js';
import type { Command } from './command.js';
import { FLEET_OPTIONS } from './fleet-options.js';
import { ConfigError, parseRunConfig } from './run-config.js';
import { runFleet } from './run-fleet.js';

const OPTIONS = {
  config: { type: 'string' },
  acceleration: { type: 'string' },
  start: { type: 'string' },
  duration: { type: 'string' },
  ...FLEET_OPTIONS,
  'backfill-days': { type: 'string' },
  'connect-spread': { type: 'string' },
  'stop-on-stdin-close': { type: 'boolean' },
} as const;

const FLEET_ONLY = [
  'scale',
  'credentials',
  'trusted-keys',
  'mqtt',
  'state',
  'backfill-days',
  'connect-spread',
  'stop-on-stdin-close',
];

export const runCommand: Command = {
  name: 'run',
  summary: 'simulated loggers (from a fleet file or a JSON config) publishing to an MQTT broker',
  usage: [
    'run --fleet <file> --credentials <file> [--scale <n>=1] [--mqtt mqtt://127.0.0.1:1883]',
    '    [--state data/sim] [--backfill-days <n>=0] [--acceleration <x>=1] [--duration <s>]',
    '    [--trusted-keys <file>] [--connect-spread <s>] [--stop-on-stdin-close]',
    'Every logger of the fleet file with a secret in --credentials ({"<SN>": "<secret>"}); journals',
    'and state in --state/<SN>. Fresh loggers start --backfill-days ago, restarted ones where they',
    'stopped (at most that far back); the past goes up as fast as the broker acknowledges (backlog),',
    'or as a time-lapse at --acceleration > 1; then real time. --trusted-keys: a JSON list of the',
    'Ed25519 public keys (PEM or base64) the loggers accept firmware from. --connect-spread: the',
    "loggers' first connects spread over that many seconds (default 5 ms per logger, at most 60 s).",
    'See docs/simulator.md.',
    '',
    'run --config <file.json> [--acceleration <x>] [--start <ISO 8601 with offset>] [--duration <s>]',
    'The config names the broker, the seed and the loggers (SN, secret, site or device models);',
    'see apps/sim/README.md. --acceleration and --start override the config; --duration stops after',
    'that many real seconds. Journals and state live in bufferDir/<SN> (default data/sim).',
  ].join('\n'),
  async run(args, io) {
    const values = parseOptions(args, OPTIONS);
    if (values.fleet !== undefined) {
      if (values.config !== undefined) throw new UsageError('--fleet and --config exclude each other');
      if (values.start !== undefined) throw new UsageError('--start applies to --config runs only');
      return runFleet(values, io);
    }
    const fleetOnly = FLEET_ONLY.find((name) => values[name] !== undefined);
    if (fleetOnly !== undefined) throw new UsageError(`--${fleetOnly} needs --fleet`);
    const path = values.config;
    if (typeof path !== 'string') throw new UsageError('--fleet or --config is required');
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
