import { describe, expect, it } from 'vitest';
import {
  browserZoneOffset,
  DEFAULT_MAP_CENTER,
  mapCenter,
  stageScale,
  unwrapGeometry,
  unwrapRing,
} from './bigScreenModel';

describe('big screen model', () => {
  it('fits the 1920×1080 stage into any viewport', () => {
    expect(stageScale(1920, 1080)).toBe(1);
    expect(stageScale(1366, 768)).toBeCloseTo(768 / 1080);
    expect(stageScale(3840, 2160)).toBe(2);
    expect(stageScale(1080, 1920)).toBeCloseTo(1080 / 1920);
    expect(stageScale(0, 0)).toBe(1);
  });

  it('sends the browser offset east-positive', () => {
    const at = (offset: number): Date => ({ getTimezoneOffset: () => offset }) as Date;
    expect(browserZoneOffset(at(-480))).toBe(480); // UTC+8
    expect(browserZoneOffset(at(300))).toBe(-300); // UTC−5
    expect(Object.is(browserZoneOffset(at(0)), 0)).toBe(true);
  });

  it('centres the map on the largest outline of the country with most sites', () => {
    const square = (x: number, y: number, size: number, points = 5) =>
      Array.from({ length: points }, (_, i) => [x + (i % 2) * size, y + (i > 1 && i < 4 ? size : 0)]);
    const features = [
      {
        properties: { name: 'Italy' },
        geometry: {
          type: 'MultiPolygon' as const,
          coordinates: [[square(30, 30, 2, 5)], [square(10, 40, 4, 9)]],
        },
      },
    ];
    expect(mapCenter([{ countryId: '380', name: 'Italy', stations: 3 }], features)).toEqual([12, 42]);
    expect(mapCenter([], features)).toEqual(DEFAULT_MAP_CENTER);
    expect(mapCenter([{ countryId: null, name: 'Atlantis', stations: 1 }], features)).toEqual(
      DEFAULT_MAP_CENTER,
    );
  });

  it('keeps outlines across the antimeridian whole', () => {
    const fiji = [
      [178, -17],
      [180, -16],
      [-180, -16],
      [-179, -17],
      [178, -17],
    ];
    expect(unwrapRing(fiji)).toEqual([
      [178, -17],
      [180, -16],
      [180, -16],
      [181, -17],
      [178, -17],
    ]);
    const italy = [
      [10, 40],
      [12, 42],
      [10, 40],
    ];
    expect(unwrapRing(italy)).toBe(italy);
    const antarctica = [
      [-180, -85],
      [0, -70],
      [180, -85],
      [180, -90],
      [-180, -90],
      [-180, -85],
    ];
    expect(unwrapRing(antarctica)).toBe(antarctica);
    expect(unwrapGeometry({ type: 'MultiPolygon', coordinates: [[fiji], [italy]] })).toEqual({
      type: 'MultiPolygon',
      coordinates: [[unwrapRing(fiji)], [italy]],
    });
  });
});
