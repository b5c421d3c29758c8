import { describe, expect, it } from 'vitest';
import type { AlarmRule, MaintenanceWindow } from '@sunfleet/contracts';
import {
  KIND_FIELDS,
  kindUses,
  minuteOf,
  newRuleValues,
  parseStationTime,
  ruleValues,
  rulesForStation,
  stationTimeText,
  toRuleBody,
  toWindowBody,
  windowProblem,
  windowValues,
} from './alarmSettingsForm';

const rule = (over: Partial<AlarmRule>): AlarmRule => ({
  id: 1,
  kind: 'LOGGER_OFFLINE',
  stationId: null,
  modelId: null,
  level: 'IMPORTANT',
  code: 9001,
  threshold: null,
  hysteresis: 0,
  intervals: 3,
  minIrradiance: null,
  debounceS: 0,
  escalateAfterS: null,
  flapCount: 5,
  flapWindowS: 3600,
  enabled: true,
  updatedAt: 0,
  ...over,
});

describe('rule form: fields per kind', () => {
  it('offline kinds read intervals only; string and output add irradiance; battery kinds threshold and hysteresis', () => {
    expect(KIND_FIELDS.LOGGER_OFFLINE).toEqual(['intervals']);
    expect(KIND_FIELDS.DEVICE_OFFLINE).toEqual(['intervals']);
    for (const kind of ['STRING_LOW', 'OUTPUT_LOW'] as const) {
      expect(kindUses(kind, 'minIrradiance')).toBe(true);
      expect(kindUses(kind, 'intervals')).toBe(false);
    }
    for (const kind of ['BATTERY_SOC', 'BATTERY_TEMP'] as const) {
      expect(KIND_FIELDS[kind]).toEqual(['threshold', 'hysteresis']);
    }
    expect(kindUses(undefined, 'threshold')).toBe(false);
  });

  it('sends the fields of the chosen kind and nulls the others (a kind switch leaves nothing stale)', () => {
    const values = {
      ...newRuleValues('LOGGER_OFFLINE'),
      kind: 'BATTERY_TEMP' as const,
      threshold: 45,
      hysteresis: 2,
      intervals: 7,
      minIrradiance: 300,
    };
    expect(toRuleBody(values, { stationId: 4 })).toMatchObject({
      kind: 'BATTERY_TEMP',
      stationId: 4,
      modelId: null,
      threshold: 45,
      hysteresis: 2,
      intervals: null,
      minIrradiance: null,
    });
    const offline = toRuleBody({ ...values, kind: 'DEVICE_OFFLINE' }, { stationId: 4 });
    expect(offline).toMatchObject({ threshold: null, hysteresis: 0, intervals: 7, minIrradiance: null });
  });

  it('a new rule takes the kind catalogue code and the server defaults; an edit keeps the rule', () => {
    expect(newRuleValues('OUTPUT_LOW')).toMatchObject({ code: 9004, flapCount: 5, flapWindowS: 3600 });
    expect(newRuleValues('LOGGER_OFFLINE').intervals).toBe(3);
    const r = rule({ kind: 'STRING_LOW', threshold: 0.5, minIrradiance: 250, intervals: null });
    expect(toRuleBody(ruleValues(r), { stationId: null, modelId: 9 })).toMatchObject({
      stationId: null,
      modelId: 9,
      threshold: 0.5,
      minIrradiance: 250,
    });
  });

  it("lists a station's own rules first, then the defaults marked, overridden by an enabled own rule", () => {
    const own = [rule({ id: 5, stationId: 2, kind: 'LOGGER_OFFLINE' })];
    const all = [
      ...own,
      rule({ id: 6, stationId: 3 }),
      rule({ id: 1 }),
      rule({ id: 2, kind: 'DEVICE_OFFLINE', modelId: 8 }),
    ];
    const shown = rulesForStation(own, all);
    expect(shown.map((r) => [r.id, r.reach, r.overridden])).toEqual([
      [5, 'STATION', false],
      [1, 'GLOBAL', true],
      [2, 'MODEL', false],
    ]);
    const disabledOwn = [rule({ id: 5, stationId: 2, enabled: false })];
    expect(rulesForStation(disabledOwn, all).find((r) => r.id === 1)?.overridden).toBe(false);
  });
});

describe('maintenance windows: station time', () => {
  const zone = 'Europe/Berlin';

  it('reads YYYY-MM-DD HH:mm as the station clock, across a daylight-saving change', () => {
    expect(parseStationTime('2026-03-28 08:00', zone)).toBe(Date.UTC(2026, 2, 28, 7, 0));
    expect(parseStationTime('2026-03-30 08:00', zone)).toBe(Date.UTC(2026, 2, 30, 6, 0));
    expect(parseStationTime(' 2026-03-30 08:00 ', 'Asia/Tokyo')).toBe(Date.UTC(2026, 2, 29, 23, 0));
    for (const bad of ['2026-03-30', '2026-03-30 8:00', '2026-02-30 08:00', '2026-03-30 24:00', undefined])
      expect(parseStationTime(bad, zone), String(bad)).toBeNull();
    expect(stationTimeText(Date.UTC(2026, 2, 30, 6, 0), zone)).toBe('2026-03-30 08:00');
  });

  it('checks weekly times as HH:mm with the start before the end (24:00 only as an end)', () => {
    expect(minuteOf('08:30')).toBe(510);
    expect(minuteOf('24:00')).toBe(1440);
    expect(minuteOf('8:30')).toBeNull();
    const weekly = { target: 'station' as const, mode: 'WEEKLY' as const, weekday: 1 };
    expect(windowProblem({ ...weekly, startTime: '08:00', endTime: '10:00' }, zone)).toBeNull();
    expect(windowProblem({ ...weekly, startTime: '22:00', endTime: '24:00' }, zone)).toBeNull();
    expect(windowProblem({ ...weekly, startTime: '10:00', endTime: '08:00' }, zone)).toBe(
      'alarmSettings.window.rangeInvalid',
    );
    expect(windowProblem({ ...weekly, startTime: '10:00', endTime: '25:00' }, zone)).toBe(
      'alarmSettings.window.timeInvalid',
    );
    const once = { target: 'station' as const, mode: 'ONE_OFF' as const };
    expect(windowProblem({ ...once, from: '2026-06-01 10:00', to: '2026-06-01 09:00' }, zone)).toBe(
      'alarmSettings.window.rangeInvalid',
    );
    expect(windowProblem({ ...once, from: 'tomorrow', to: '2026-06-01 09:00' }, zone)).toBe(
      'alarmSettings.window.dateTimeInvalid',
    );
  });

  it('sends one target and one kind, and reads a window back the same', () => {
    const weekly = toWindowBody(
      { target: 'station', mode: 'WEEKLY', weekday: 3, startTime: '08:00', endTime: '10:00', note: ' ' },
      7,
      zone,
    );
    expect(weekly).toEqual({
      stationId: 7,
      deviceId: null,
      weekday: 3,
      startTime: '08:00',
      endTime: '10:00',
      startsAt: null,
      endsAt: null,
      note: null,
    });
    const once = toWindowBody(
      {
        target: 12,
        mode: 'ONE_OFF',
        from: '2026-06-01 08:00',
        to: '2026-06-01 18:00',
        note: 'Inverter swap',
      },
      7,
      zone,
    );
    expect(once).toMatchObject({
      stationId: null,
      deviceId: 12,
      startsAt: Date.UTC(2026, 5, 1, 6),
      endsAt: Date.UTC(2026, 5, 1, 16),
      weekday: null,
      note: 'Inverter swap',
    });
    const stored: MaintenanceWindow = { id: 1, ...once } as MaintenanceWindow;
    expect(windowValues(stored, zone)).toEqual({
      target: 12,
      mode: 'ONE_OFF',
      from: '2026-06-01 08:00',
      to: '2026-06-01 18:00',
      note: 'Inverter swap',
    });
  });
});
