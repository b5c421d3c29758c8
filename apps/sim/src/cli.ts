#!/usr/bin/env node
// Entry point of the simulator CLI (`npm run sim -- <command> …`). Commands are registered below; bad or
// missing arguments print a clear message on stderr and exit with code 2.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './cli/args.js';
import { backfillCommand } from './cli/backfill.js';
import type { Command, CommandIo } from './cli/command.js';
import { fleetCommand } from './cli/fleet.js';
import { modbusCommand } from './cli/modbus.js';
import { runCommand } from './cli/run.js';
import { sunCommand } from './cli/sun.js';
import { yieldCommand } from './cli/yield.js';

export const COMMANDS: readonly Command[] = [
  sunCommand,
  runCommand,
  backfillCommand,
  fleetCommand,
  modbusCommand,
  yieldCommand,
];

const USAGE_EXIT = 2;

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: sunfleet-sim <command> [options]',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  help [command]`,
  ].join('\n');
}

/** Runs the CLI with arguments (without node and script); returns the exit code. */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.err(overview());
    return name === undefined ? USAGE_EXIT : 0;
  }
  if (name === 'help') {
    const command = COMMANDS.find((c) => c.name === rest[0]);
    io.out(command ? `${command.name}: ${command.summary}\n${command.usage}` : overview());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`unknown command "${name}"\n\n${overview()}`);
    return USAGE_EXIT;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.name}: ${command.summary}\n${command.usage}`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${command.name}: ${error.message}\n\nusage: ${command.usage}`);
      return USAGE_EXIT;
    }
    throw error;
  }
}

const consoleIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  progress: { tty: process.stderr.isTTY, write: (text) => process.stderr.write(text) },
};

/** True when this file is the script node (or tsx) was started with, also through the bin symlink. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2), consoleIo).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
