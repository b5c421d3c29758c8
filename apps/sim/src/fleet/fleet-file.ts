// Reading a fleet file (the schema and its checks live in @sunfleet/contracts, shared with the server):
// JSON, then every problem with its place, so a bad file is fixed in one go.
import { readFileSync } from 'node:fs';
import { checkFleetFile, formatFleetProblems, type FleetFile, type FleetProblem } from '@sunfleet/contracts';

export class FleetError extends Error {
  override readonly name = 'FleetError';
  constructor(
    message: string,
    readonly problems: readonly FleetProblem[] = [],
  ) {
    super(message);
  }
}

/** The value as a fleet file, or a FleetError listing every problem (`source` names the file). */
export function parseFleet(value: unknown, source = 'fleet'): FleetFile {
  const problems = checkFleetFile(value);
  if (problems.length > 0) {
    throw new FleetError(
      `${source} is not a valid fleet file (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${formatFleetProblems(problems)}`,
      problems,
    );
  }
  return value as FleetFile;
}

export function readFleetFile(path: string): FleetFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new FleetError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FleetError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseFleet(json, path);
}
