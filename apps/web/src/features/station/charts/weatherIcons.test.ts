import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEATHER_CODES, WEATHER_KINDS, weatherKind, weatherLabelKey } from './weatherIcons';

const LOCALES = join(__dirname, '../../../../../../packages/contracts/locales/stationDetail');

describe('weather icons (SPEC §3 weather codes)', () => {
  it('knows every code of SPEC §3 and only 999 is unknown', () => {
    expect(WEATHER_CODES).toHaveLength(5 + 4 + 19 + 2 + 1 + 11 + 2 + 1 + 16 + 8 + 2 + 1);
    const unknown = WEATHER_CODES.filter((code) => weatherKind(code) === 'unknown');
    expect(unknown).toEqual([999]);
  });

  it('maps day and night sky, rain, snow, haze, moon and extremes to their kinds', () => {
    expect(weatherKind(100)).toBe('clear');
    expect(weatherKind(150)).toBe('clearNight');
    expect(weatherKind(103)).toBe('partlyCloudy');
    expect(weatherKind(153)).toBe('partlyCloudyNight');
    expect(weatherKind(104)).toBe('overcast');
    expect(weatherKind(302)).toBe('thunder');
    expect(weatherKind(304)).toBe('hail');
    expect(weatherKind(305)).toBe('rain');
    expect(weatherKind(313)).toBe('freezingRain');
    expect(weatherKind(318)).toBe('heavyRain');
    expect(weatherKind(404)).toBe('sleet');
    expect(weatherKind(410)).toBe('snow');
    expect(weatherKind(501)).toBe('fog');
    expect(weatherKind(502)).toBe('haze');
    expect(weatherKind(508)).toBe('dust');
    expect(weatherKind(804)).toBe('moon');
    expect(weatherKind(900)).toBe('hot');
    expect(weatherKind(901)).toBe('cold');
  });

  it('treats codes outside the list and missing codes as unknown', () => {
    for (const code of [0, 99, 105, 154, 319, 352, 411, 516, 808, 902, 1000, -1])
      expect(weatherKind(code), String(code)).toBe('unknown');
    expect(weatherKind(null)).toBe('unknown');
    expect(weatherKind(undefined)).toBe('unknown');
  });

  it('has a label for every kind in all four languages', () => {
    for (const language of ['CN', 'EN', 'DE', 'ITA']) {
      const table = JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as Record<
        string,
        string
      >;
      for (const kind of WEATHER_KINDS)
        expect(table[weatherLabelKey(kind)], `${language} ${kind}`).toBeTruthy();
    }
  });
});
