// The shape of a CLI command. Each command lives in its own file and is listed in cli.ts; commands write
// through `io` (not console) so tests can run them in-process.

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Where long commands draw their progress (stderr); without it they print lines through `err`. */
  progress?: { tty: boolean; write(text: string): void };
}

export interface Command {
  name: string;
  summary: string;
  /** Lines shown by `help <command>` and after a usage error. */
  usage: string;
  /** Returns the exit code; may be async (servers, long runs). Throws UsageError for bad arguments. */
  run(args: readonly string[], io: CommandIo): number | Promise<number>;
}
