import { afterEach, describe, expect, it } from 'vitest';
import type { StationIndexStats } from '@sunfleet/contracts';
import {
  alarmMeta,
  deviceStatusCounts,
  energyKpis,
  greetingKey,
  impactKpis,
  incomeKpis,
  stationStatusCounts,
  storeHomeCurrency,
  storedHomeCurrency,
} from './homeModel';
import { numberFormat } from '../../lib/numberFormat';

const EN = numberFormat('EN');

const stats: StationIndexStats = {
  currency: 'EUR',
  powerKw: 1500,
  todayKwh: 12.345,
  monthKwh: 2500,
  yearKwh: 0,
  totalKwh: 2_000_000,
  income: { today: 3.7, month: 1234.5, year: 0, total: 2_500_000 },
  capacityKwp: 980,
  stationStatus: { online: 1, abnormal: 0, offline: 2, other: 0, total: 3 },
  deviceStatus: { running: 2, fault: 0, offline: 1, other: 0, resting: 0, total: 3 },
  impact: { coalTons: 1234.5, co2Tons: 0.5, trees: 12 },
};

const values = (list: { key: string; value: { value: string; unit: string } }[]): Record<string, string> =>
  Object.fromEntries(list.map((k) => [k.key, `${k.value.value} ${k.value.unit}`.trim()]));

afterEach(() => window.localStorage.clear());

describe('home status counts', () => {
  it('pairs each count with its status code, in the contracts order, 0 while loading', () => {
    expect(stationStatusCounts(stats.stationStatus).map((c) => [c.key, c.status, c.count])).toEqual([
      ['online', 'ONLINE', 1],
      ['abnormal', 'ABNORMAL', 0],
      ['offline', 'OFFLINE', 2],
      ['other', 'OTHER', 0],
    ]);
    expect(deviceStatusCounts(stats.deviceStatus).map((c) => [c.key, c.status, c.count])).toEqual([
      ['running', 'RUNNING', 2],
      ['fault', 'FAULT', 0],
      ['offline', 'OFFLINE', 1],
      ['resting', 'OTHER', 0],
      ['other', 'OTHER', 0],
    ]);
    expect(deviceStatusCounts(undefined).map((c) => c.count)).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows the inverters resting at night apart from the rest of OTHER, marked calm', () => {
    const night = { running: 0, fault: 0, offline: 1, other: 5, resting: 4, total: 6 };
    const counts = deviceStatusCounts(night);
    expect(counts.map((c) => [c.key, c.status, c.count])).toEqual([
      ['running', 'RUNNING', 0],
      ['fault', 'FAULT', 0],
      ['offline', 'OFFLINE', 1],
      ['resting', 'OTHER', 4],
      ['other', 'OTHER', 1],
    ]);
    expect(counts.filter((c) => c.kind === 'device' && c.resting === true).map((c) => c.key)).toEqual([
      'resting',
    ]);
    // The parts add up to the SPEC bucket.
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(night.total);
  });
});

describe('home figures', () => {
  it('scales power and energy by the SPEC §9 rules', () => {
    expect(values(energyKpis(stats, EN))).toEqual({
      power: '1.50 MW',
      today: '12.35 kWh',
      month: '2.50 MWh',
      year: '0.00 kWh',
      total: '2.00 GWh',
      capacity: '980.00 kWp',
    });
  });

  it('shows income as K/M/B amounts in the chosen currency', () => {
    expect(values(incomeKpis(stats, EN))).toEqual({
      incomeToday: '3.70 EUR',
      incomeMonth: '1.23 K EUR',
      incomeYear: '0.00 EUR',
      incomeTotal: '2.50 M EUR',
    });
  });

  it('shortens impact figures and counts whole trees, rounded down', () => {
    expect(values(impactKpis(stats, EN))).toEqual({ coal: '1.23k t', co2: '0.50 t', trees: '12' });
    const fleet = { ...stats, impact: { coalTons: 1234.5, co2Tons: 0.5, trees: 452946.9 } };
    expect(values(impactKpis(fleet, EN)).trees).toBe('452,946');
    expect(values(impactKpis({ ...stats, impact: { ...stats.impact, trees: 451.1 } }, EN)).trees).toBe('451');
  });

  it('writes the figures in the UI language', () => {
    const de = numberFormat('DE');
    expect(values(energyKpis(stats, de))).toMatchObject({ power: '1,50 MW', capacity: '980,00 kWp' });
    expect(values(incomeKpis(stats, de)).incomeMonth).toBe('1,23 K EUR');
    expect(values(impactKpis({ ...stats, impact: { ...stats.impact, trees: 452946.9 } }, de))).toEqual({
      coal: '1,23k t',
      co2: '0,50 t',
      trees: '452.946',
    });
  });

  it('greets by the local hour (morning before 12, afternoon before 18)', () => {
    expect(greetingKey(new Date(2026, 0, 1, 11, 59))).toBe('home.greeting.morning');
    expect(greetingKey(new Date(2026, 0, 1, 12, 0))).toBe('home.greeting.afternoon');
    expect(greetingKey(new Date(2026, 0, 1, 18, 0))).toBe('home.greeting.evening');
  });

  it('keeps the chosen currency in local storage and ignores junk there', () => {
    expect(storedHomeCurrency()).toBeUndefined();
    storeHomeCurrency('CNY');
    expect(storedHomeCurrency()).toBe('CNY');
    window.localStorage.setItem('homeCurrency', '<script>');
    expect(storedHomeCurrency()).toBeUndefined();
    storeHomeCurrency(undefined);
    expect(window.localStorage.getItem('homeCurrency')).toBeNull();
  });
});

describe('latest alarms', () => {
  const startedAt = Date.UTC(2026, 5, 10, 14, 50); // 16:50 in Berlin (summer), 23:50 in Tokyo
  it("shows when an alarm started in its station's zone, whatever the browser's, and names the zone", () => {
    const alarm = { stationName: 'Roof A', deviceSn: 'INV-1', gatewaySn: 'LOG-1', startedAt };
    expect(alarmMeta({ ...alarm, timeZone: 'Europe/Berlin' })).toBe(
      'Roof A · INV-1 · 2026-06-10 16:50:00 (Europe/Berlin)',
    );
    expect(alarmMeta({ ...alarm, timeZone: 'Asia/Tokyo' })).toBe(
      'Roof A · INV-1 · 2026-06-10 23:50:00 (Asia/Tokyo)',
    );
  });
  it('names the logger when no device raised it, and UTC for a logger in no station', () => {
    expect(
      alarmMeta({ stationName: null, deviceSn: null, gatewaySn: 'LOG-1', startedAt, timeZone: 'UTC' }),
    ).toBe('LOG-1 · 2026-06-10 14:50:00 (UTC)');
  });
});
