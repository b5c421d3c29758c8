// Backup and restore of the embedded database (`cli.js backup` / `cli.js restore`, docs/backup.md).
//
// A backup is PGlite's own dump of its data directory (`dumpDataDir`: a tar archive, gzip-compressed),
// taken after a CHECKPOINT while this process holds the directory (db/pglite-lock.ts), so nothing writes
// to it meanwhile: a consistent copy that opens without recovery. A restore loads such an archive into a
// new directory beside DATA_DIR/pglite, opens it and checks it is a Sunfleet database this server can
// migrate, and only then renames it into place: an interrupted restore leaves the old state, never half
// of a database.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { VersionInfo } from '@sunfleet/contracts';
import { AtomicFile } from '../lib/atomic-file.js';
import { readJournal, schemaVersion } from '../modules/version/schema-version.js';
import { openDatabase } from './client.js';
import { lockDataDir } from './pglite-lock.js';
import * as schema from './schema.js';

/** A backup or restore that cannot be done as asked; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type SchemaState = VersionInfo['schema'];

export interface BackupResult {
  bytes: number;
  schema: SchemaState;
}

export interface RestoreResult {
  schema: SchemaState;
  /** Where the database that was there before went (with `force`), or null when there was none. */
  replacedBy: string | null;
}

const hasDatabase = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/** `applied` of `known` migrations, and the newest one by name. */
export function describeSchema(s: SchemaState): string {
  return `${s.applied} of ${s.known} migrations, newest ${s.latest ?? 'unknown to this server'}`;
}

/**
 * Writes a compressed copy of the database in `dataDir` to `outFile` (mode 0600, written beside it and
 * renamed into place). Refuses while another process has the directory open (DataDirInUseError).
 */
export async function backupPglite(
  dataDir: string,
  outFile: string,
  options: { migrationsFolder: string; force?: boolean },
): Promise<BackupResult> {
  if (!hasDatabase(dataDir)) throw new BackupError(`no embedded database in ${dataDir}`);
  if (!existsSync(dirname(outFile))) throw new BackupError(`the folder of ${outFile} does not exist`);
  if (existsSync(outFile) && options.force !== true)
    throw new BackupError(`${outFile} exists; choose another name or add --force to replace it`);
  const database = await openDatabase({ kind: 'pglite', dataDir }, options);
  try {
    const pglite = database.pglite;
    if (pglite === null) throw new Error('an embedded database without its PGlite');
    // Everything committed goes into the data files, so the copy opens without replaying the WAL.
    await pglite.query('checkpoint');
    const state = await schemaVersion(database.db, readJournal(options.migrationsFolder));
    const dump = await pglite.dumpDataDir('gzip');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    const file = await AtomicFile.create(outFile);
    try {
      await file.writeBytes(bytes);
      await file.commit();
    } catch (err) {
      await file.abandon();
      throw err;
    }
    return { bytes: bytes.length, schema: state };
  } finally {
    await database.close();
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The archive as a tar, or a BackupError when it is none or holds no PostgreSQL data directory. */
function readArchive(file: string): Uint8Array {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    throw new BackupError(`${file} does not exist`);
  }
  if (!stat.isFile()) throw new BackupError(`${file} is not a file`);
  const notBackup = `${file} is not a backup of the embedded database (made by \`cli.js backup\`)`;
  let bytes: Uint8Array = readFileSync(file);
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new BackupError(`${notBackup}: its gzip data is damaged`);
    }
  }
  const version = tarEntry(bytes, 'PG_VERSION');
  if (version === null) throw new BackupError(`${notBackup}: it is no tar archive of a database directory`);
  return bytes;
}

/**
 * The content of the top-level entry `name` of a tar archive (ustar headers, names with or without a
 * leading '/' as PGlite writes them), or null when the bytes are not a tar archive or lack it.
 */
export function tarEntry(tar: Uint8Array, name: string): Uint8Array | null {
  const text = (from: number, length: number): string =>
    Buffer.from(tar.subarray(from, from + length))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    if (tar.subarray(at, at + 512).every((b) => b === 0)) return null;
    if (!text(at + 257, 6).startsWith('ustar')) return null;
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return null;
    const entry = `${text(at + 345, 155)}${text(at, 100)}`.replace(/^\.?\//, '');
    if (entry === name) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return null;
}

/**
 * Restores `archive` into `dataDir`. Refuses a directory that holds anything unless `force`, in which
 * case the old directory is kept beside it (`<dataDir>.replaced-<time>`), never deleted.
 */
export async function restorePglite(
  archive: string,
  dataDir: string,
  options: { migrationsFolder: string; force?: boolean; now?: () => Date },
): Promise<RestoreResult> {
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && options.force !== true)
    throw new BackupError(
      `${dataDir} already holds ${hasDatabase(dataDir) ? 'a database' : 'files'}; ` +
        'add --force to restore over it (the current one is kept beside it)',
    );
  const tar = readArchive(archive);
  mkdirSync(dirname(dataDir), { recursive: true });
  const unlock = lockDataDir(dataDir);
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(staging);
    const state = await loadAndCheck(staging, tar, archive, options.migrationsFolder);
    let replacedBy: string | null = null;
    if (existsSync(dataDir)) {
      if (occupied) {
        const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
        replacedBy = `${dataDir}.replaced-${stamp}`;
        renameSync(dataDir, replacedBy);
      } else rmSync(dataDir, { recursive: true });
    }
    try {
      renameSync(staging, dataDir);
    } catch (err) {
      if (replacedBy !== null) renameSync(replacedBy, dataDir);
      throw err;
    }
    return { schema: state, replacedBy };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

async function loadAndCheck(
  staging: string,
  tar: Uint8Array,
  archive: string,
  migrationsFolder: string,
): Promise<SchemaState> {
  let pglite: PGlite;
  try {
    pglite = new PGlite(staging, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }) });
    await pglite.waitReady;
  } catch (err) {
    throw new BackupError(
      `${archive} could not be opened as a database: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    const journal = readJournal(migrationsFolder);
    const state = await schemaVersion(drizzle({ client: pglite, schema }), journal);
    if (state.applied === 0)
      throw new BackupError(`${archive} holds a database without Sunfleet's tables (no migration applied)`);
    if (state.latest === null)
      throw new BackupError(
        `${archive} comes from a newer Sunfleet: its newest migration is unknown to this server ` +
          '(downgrades are not supported; restore it with the release that made it)',
      );
    await pglite.query('checkpoint');
    return state;
  } finally {
    await pglite.close();
  }
}
