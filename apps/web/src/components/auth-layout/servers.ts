import { SERVER_KEYS, type ServerEntry, type ServerKey } from '@sunfleet/contracts';
import { StorageKey, local } from '../../lib/storage';

const DEFAULT_SERVER: ServerKey = 'ChineseServer';

function isServerKey(value: string): value is ServerKey {
  return (SERVER_KEYS as readonly string[]).includes(value);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url, window.location.href).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** SPEC §4: the server is derived from the host name; unknown hosts count as the Chinese server. */
export function serverForHost(host: string, servers: readonly ServerEntry[]): ServerKey {
  const match = servers.find((s) => hostOf(s.value) === host.toLowerCase());
  return match !== undefined && isServerKey(match.key) ? match.key : DEFAULT_SERVER;
}

/** The current server, recorded in localStorage under `station` (SPEC §4). */
export function resolveCurrentServer(
  servers: readonly ServerEntry[],
  host = window.location.host,
): ServerKey {
  const key = serverForHost(host, servers);
  local.set(StorageKey.server, key);
  return key;
}

export function storedServer(): string | null {
  return local.get(StorageKey.server);
}

/**
 * Choosing another server stores the choice and opens that server's login page (SPEC §2). Choosing the
 * current one does nothing. Returns whether the browser is leaving.
 */
export function chooseServer(
  entry: ServerEntry,
  current: ServerKey,
  go: (url: string) => void = (url) => window.location.assign(url),
): boolean {
  if (entry.key === current || !isServerKey(entry.key)) return false;
  local.set(StorageKey.server, entry.key);
  go(entry.value);
  return true;
}
