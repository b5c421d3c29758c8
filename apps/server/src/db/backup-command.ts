// `cli.js backup` and `cli.js restore` (docs/backup.md): the embedded database to a file and back. Apart
// from cli.ts so that its refusals can be checked without a process per case.
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { paths } from '../paths.js';
import { backupPglite, BackupError, describeSchema, restorePglite } from './pglite-backup.js';
import { DataDirInUseError } from './pglite-lock.js';

export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs `backup --out FILE [--force]` or `restore --from FILE [--force]` with the server's configuration
 * from `env`; answers the exit code: 0, 64 bad usage, 75 the database is open in another process, 1 a
 * refusal or failure (said on `io.err`).
 */
export async function backupCommand(
  command: 'backup' | 'restore',
  values: { out?: string | undefined; from?: string | undefined; force?: boolean | undefined },
  env: Record<string, string | undefined> = process.env,
  io: CommandIo = processIo,
): Promise<number> {
  const file = command === 'backup' ? values.out : values.from;
  if (file === undefined || file.trim() === '') {
    io.err(`${command === 'backup' ? '--out' : '--from'} FILE is required\n`);
    return 64;
  }
  try {
    const config = loadConfig(env);
    if (config.databaseUrl !== null) {
      io.err(
        `${command} is for the embedded database; with DATABASE_URL use pg_dump and pg_restore (docs/backup.md)\n`,
      );
      return 64;
    }
    const dataDir = join(config.dataDir, 'pglite');
    const options = { migrationsFolder: paths.migrations, force: values.force === true };
    const path = resolve(file);
    if (command === 'backup') {
      const result = await backupPglite(dataDir, path, options);
      io.out(`backed up ${dataDir} to ${path} (${result.bytes} bytes; ${describeSchema(result.schema)})\n`);
      return 0;
    }
    const result = await restorePglite(path, dataDir, options);
    const missing = result.schema.known - result.schema.applied;
    io.out(
      `restored ${path} into ${dataDir} (${describeSchema(result.schema)})` +
        (missing > 0 ? `; the next server start applies the ${missing} newer ones` : '') +
        (result.replacedBy !== null ? `; the database that was there is kept in ${result.replacedBy}` : '') +
        '\n',
    );
    return 0;
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      io.err(`${err.message}\n`);
      return 75;
    }
    if (err instanceof BackupError || err instanceof ConfigError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
