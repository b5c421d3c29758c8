// `yield`: each station of a fleet (default the demo) with its simulated monthly and annual specific
// yield (kWh/kWp) for a calendar year, as one JSON line per station — from the same physics and weather the
// loggers run (src/fleet/yield.ts), to hold against published yields for those places.
import { stationYield } from '../fleet/yield.js';
import { numberOption, parseOptions, UsageError } from './args.js';
import type { Command } from './command.js';
import { loadFleet } from './fleet-options.js';

const OPTIONS = {
  fleet: { type: 'string' },
  year: { type: 'string' },
  step: { type: 'string' },
  station: { type: 'string' },
} as const;

export const yieldCommand: Command = {
  name: 'yield',
  summary: 'simulated monthly and annual specific yield (kWh/kWp) of each station for a year',
  usage: [
    'yield --year <yyyy> [--fleet <file>=the demo fleet] [--step <s>=900] [--station <key>]',
    'Prints one JSON line per station: key, name, latitude, longitude, year, kWp (DC), monthlyKwhPerKwp',
    '(12 local calendar months), annualKwhPerKwp (their sum) and ghiKwhPerM2 (the year’s irradiation).',
  ].join('\n'),
  run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const year = numberOption(values, 'year', { min: 1970, max: 2200 });
    if (!Number.isInteger(year)) throw new UsageError('--year must be a whole year');
    const step = numberOption(values, 'step', { min: 60, max: 3_600 }, 900);
    if (!Number.isInteger(step)) throw new UsageError('--step must be whole seconds');
    const fleet = loadFleet(values);
    const stations =
      typeof values.station === 'string'
        ? fleet.stations.filter((s) => s.key === values.station)
        : fleet.stations;
    if (stations.length === 0) throw new UsageError(`no station "${String(values.station)}" in the fleet`);
    for (const station of stations) io.out(JSON.stringify(stationYield(fleet, station, year, step)));
    return 0;
  },
};
