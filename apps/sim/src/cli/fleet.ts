// `fleet`: checks a fleet file and prints it (scaled with --scale, e.g. to make a large SIM_FLEET for a
// test server) as JSON, or with --summary one line per station. Problems are listed with their place.
import { fleetLoggers, modelOf, stationDcKwp } from '../fleet/fleet-sites.js';
import { parseOptions } from './args.js';
import type { Command } from './command.js';
import { loadFleet } from './fleet-options.js';

const OPTIONS = {
  fleet: { type: 'string' },
  scale: { type: 'string' },
  summary: { type: 'boolean' },
} as const;

export const fleetCommand: Command = {
  name: 'fleet',
  summary: 'check a fleet file and print it (scaled) or a summary',
  usage: [
    'fleet [--fleet <file>=the demo fleet] [--scale <n>=1] [--summary]',
    'Prints the fleet as JSON (with --scale: n copies with new SNs and jittered places), or with',
    '--summary one line per station: type, place, loggers, devices and DC capacity.',
  ].join('\n'),
  run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const fleet = loadFleet(values);
    if (values.summary !== true) {
      io.out(JSON.stringify(fleet, null, 2));
      return 0;
    }
    for (const station of fleet.stations) {
      const devices = station.loggers.flatMap((l) => l.devices);
      const kinds = new Map<string, number>();
      for (const d of devices) {
        const kind = modelOf(d).deviceType.toLowerCase().replace('_', ' ');
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      io.out(
        `${station.key} (${station.type}, ${station.timeZone}, ${station.latitude}, ${station.longitude}): ` +
          `${station.loggers.length} logger${station.loggers.length === 1 ? '' : 's'}, ` +
          `${[...kinds].map(([k, n]) => `${n} ${k}${n === 1 ? '' : 's'}`).join(', ')}; ${stationDcKwp(station).toFixed(1)} kWp DC ` +
          `(declared ${station.capacityKwp} kWp)`,
      );
    }
    const loggers = fleetLoggers(fleet).length;
    const devices = fleet.stations.reduce(
      (n, s) => n + s.loggers.reduce((m, l) => m + l.devices.length, 0),
      0,
    );
    io.out(`${fleet.stations.length} stations, ${loggers} loggers, ${devices} devices`);
    return 0;
  },
};
