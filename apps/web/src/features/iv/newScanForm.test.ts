import { describe, expect, it } from 'vitest';
import { IvLimits } from '@sunfleet/contracts';
import { scanBody, stringChoices } from './newScanForm';

describe('New IV curve form', () => {
  it('offers every string stored on the chosen inverters once, by input then string', () => {
    expect(
      stringChoices([
        [
          { mppt: 2, string: 1 },
          { mppt: 1, string: 2 },
        ],
        [
          { mppt: 1, string: 2 },
          { mppt: 1, string: 1 },
        ],
        [],
      ]),
    ).toEqual([
      { mppt: 1, string: 1 },
      { mppt: 1, string: 2 },
      { mppt: 2, string: 1 },
    ]);
  });

  it('sends the station, the inverters and only the strings chosen (none: every string)', () => {
    expect(scanBody({ stationId: undefined, deviceIds: [1], strings: [] })).toBeNull();
    expect(scanBody({ stationId: 3, deviceIds: [], strings: [] })).toBeNull();
    expect(scanBody({ stationId: 3, deviceIds: [7, 8], strings: [] })).toEqual({
      stationId: 3,
      deviceIds: [7, 8],
    });
    expect(scanBody({ stationId: 3, deviceIds: [7], strings: ['1/2', '2/1'] })).toEqual({
      stationId: 3,
      deviceIds: [7],
      strings: [
        { mppt: 1, string: 2 },
        { mppt: 2, string: 1 },
      ],
    });
    const many = Array.from({ length: IvLimits.devicesMax + 1 }, (_, k) => k + 1);
    expect(scanBody({ stationId: 3, deviceIds: many, strings: [] })).toBeNull();
  });
});
