// `sun`: the topocentric solar position of NREL's SPA for one place and instant, as one JSON line.
import { estimateDeltaT, solarPosition } from '../physics/spa.js';
import { instantOption, numberOption, parseOptions } from './args.js';
import type { Command } from './command.js';

const OPTIONS = {
  lat: { type: 'string' },
  lon: { type: 'string' },
  time: { type: 'string' },
  elevation: { type: 'string' },
  pressure: { type: 'string' },
  temperature: { type: 'string' },
  'delta-t': { type: 'string' },
  'atmos-refract': { type: 'string' },
} as const;

export const sunCommand: Command = {
  name: 'sun',
  summary: 'solar zenith and azimuth (NREL SPA) for a place and an instant',
  usage: [
    'sun --lat <deg> --lon <deg> --time <ISO 8601 with offset>',
    '    [--elevation <m>=0] [--pressure <mbar>=1013.25] [--temperature <°C>=15]',
    '    [--delta-t <s>=estimated] [--atmos-refract <deg>=0.5667]',
    'Prints {"zenith": …, "azimuth": …}: topocentric degrees, azimuth eastward from north.',
  ].join('\n'),
  run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const time = instantOption(values, 'time');
    const observer = {
      latitude: numberOption(values, 'lat', { min: -90, max: 90 }),
      longitude: numberOption(values, 'lon', { min: -180, max: 180 }),
      elevation: numberOption(values, 'elevation', { min: -6_500_000 }, 0),
      pressure: numberOption(values, 'pressure', { min: 0, max: 5_000 }, 1_013.25),
      temperature: numberOption(values, 'temperature', { above: -273, max: 6_000 }, 15),
      atmosRefract: numberOption(values, 'atmos-refract', { min: -5, max: 5 }, 0.5667),
    };
    const deltaT = numberOption(values, 'delta-t', { min: -8_000, max: 8_000 }, estimateDeltaT(time));
    const position = solarPosition(time, observer, deltaT);
    io.out(JSON.stringify({ zenith: position.zenith, azimuth: position.azimuth }));
    return 0;
  },
};
