// DATA_DIR/sim/credentials.json: the MQTT secrets of the simulated loggers, {SN: secret}, mode 0600. The
// registry keeps only hashes, so this file is what lets the simulator log in again after a restart;
// provisioning replaces a secret that is missing here or no longer matches the registry.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function readCredentialsFile(path: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return new Map();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new Map();
  }
  const credentials = new Map<string, string>();
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return credentials;
  for (const [sn, secret] of Object.entries(json)) {
    if (typeof secret === 'string' && secret !== '') credentials.set(sn, secret);
  }
  return credentials;
}

/** Written atomically (temporary file, rename) and readable only by the server's user. */
export function writeCredentialsFile(path: string, credentials: ReadonlyMap<string, string>): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sorted = Object.fromEntries([...credentials].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** An unchanged file keeps its content; only its mode is made 0600 again. */
export function keepPrivate(path: string): void {
  if (existsSync(path)) chmodSync(path, 0o600);
}
