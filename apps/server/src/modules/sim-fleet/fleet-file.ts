// The `sim` service's fleet file (SIM_FLEET, default the demo fleet): read as data and checked with the
// contracts' schema — the server never imports simulator code. Every problem names SIM_FLEET, the file and
// the place inside it, and stops the start like any other bad setting.
import { readFileSync } from 'node:fs';
import { checkFleetFile, formatFleetProblems, type FleetFile } from '@sunfleet/contracts';
import { ConfigError } from '../../config/config.js';

export function loadSimFleet(path: string): FleetFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'SIM_FLEET',
      `names a file that cannot be read: ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      'SIM_FLEET',
      `names a file that is not JSON: ${path} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const problems = checkFleetFile(json);
  if (problems.length > 0) {
    throw new ConfigError(
      'SIM_FLEET',
      `names an invalid fleet file: ${path}\n${formatFleetProblems(problems)}`,
    );
  }
  return json as FleetFile;
}
