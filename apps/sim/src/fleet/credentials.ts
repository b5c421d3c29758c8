// The loggers' MQTT secrets, a JSON object {SN: secret} (the server's `sim` service writes it, mode 0600,
// after registering the fleet's loggers). Secrets never go into the fleet file, which is shared.
import { readFileSync } from 'node:fs';
import { FleetError } from './fleet-file.js';

export function readCredentials(path: string): ReadonlyMap<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new FleetError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetError(`${path} is not JSON`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new FleetError(`${path} must be a JSON object {"<logger SN>": "<secret>"}`);
  }
  const credentials = new Map<string, string>();
  for (const [sn, secret] of Object.entries(json)) {
    if (typeof secret !== 'string' || secret === '')
      throw new FleetError(`${path}: the secret of ${sn} must be text`);
    credentials.set(sn, secret);
  }
  return credentials;
}
