import { describe, expect, it } from 'vitest';
import {
  WORLD_VIEW,
  geocoderSearchUrl,
  parseGeocoderHits,
  roundedPoint,
  validCoordinates,
  viewFor,
} from './mapModel';

describe('station map model', () => {
  it('opens on the world, on one station, or fitted around several', () => {
    expect(viewFor([])).toEqual(WORLD_VIEW);
    expect(viewFor([{ longitude: 11, latitude: 48 }])).toEqual({
      kind: 'center',
      center: [48, 11],
      zoom: 10,
    });
    expect(
      viewFor([
        { longitude: 11, latitude: 48 },
        { longitude: -3, latitude: 52 },
        { longitude: 2, latitude: 41 },
      ]),
    ).toEqual({
      kind: 'bounds',
      corners: [
        [41, -3],
        [52, 11],
      ],
    });
  });

  it('accepts only coordinates within the API ranges', () => {
    expect(validCoordinates({ longitude: 180, latitude: -90 })).toBe(true);
    expect(validCoordinates({ longitude: 181, latitude: 0 })).toBe(false);
    expect(validCoordinates({ longitude: 0 })).toBe(false);
    expect(validCoordinates({ longitude: Number.NaN, latitude: 0 })).toBe(false);
  });

  it('rounds a clicked point and wraps its longitude', () => {
    expect(roundedPoint(48.123456789, 371.5)).toEqual({ latitude: 48.123457, longitude: 11.5 });
    expect(roundedPoint(95, -190)).toEqual({ latitude: 90, longitude: 170 });
  });

  it('builds the geocoder query and keeps only well-formed hits', () => {
    expect(geocoderSearchUrl('https://geo.example/search', ' Berlin ')).toBe(
      'https://geo.example/search?format=json&limit=5&q=Berlin',
    );
    expect(
      parseGeocoderHits([
        { lat: '52.5', lon: '13.4', display_name: 'Berlin' },
        { lat: 'x', lon: '13.4', display_name: 'Bad' },
        { lat: '10', lon: '10' },
        'junk',
      ]),
    ).toEqual([{ label: 'Berlin', latitude: 52.5, longitude: 13.4 }]);
    expect(parseGeocoderHits({ error: 'nope' })).toEqual([]);
  });
});
