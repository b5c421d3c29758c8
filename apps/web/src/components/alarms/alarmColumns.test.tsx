import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmItem } from '@sunfleet/contracts';
import { i18n } from '../../lib/i18n';
import { AlarmCatalogue } from './AlarmCatalogue';
import { AlarmTitle } from './AlarmTags';
import { alarmColumns } from './alarmColumns';
import { earlierQuery, powerWindow, POWER_WINDOW_MS } from './api';

const LOCALES = join(__dirname, '../../../../../packages/contracts/locales');
const table = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, 'web-alarms', `${language}.json`), 'utf8')) as Record<string, string>;

beforeAll(() => {
  for (const language of ['EN', 'DE'])
    i18n.addResourceBundle(language, 'translation', table(language), true, true);
});
afterAll(async () => {
  await i18n.changeLanguage('EN');
});
afterEach(cleanup);

const row: AlarmItem = {
  id: 1,
  gatewayId: 2,
  gatewaySn: 'LOG-1',
  deviceId: 3,
  deviceSn: 'INV-1',
  deviceType: 'INVERTER',
  stationId: 4,
  stationName: 'Roof A',
  timeZone: 'Asia/Tokyo',
  kind: 'ALARM',
  code: 7,
  level: 'URGENT',
  message: null,
  startedAt: Date.UTC(2026, 5, 10, 14, 50), // 23:50 in Tokyo
  endedAt: Date.UTC(2026, 5, 10, 15, 5, 30),
  open: false,
  source: 'LOGGER',
  ruleId: null,
  state: 'CLEARED',
  acknowledgedAt: null,
  acknowledgedBy: null,
  ackNote: null,
  clearedBy: 'DEVICE',
  clearedByUser: null,
  clearReason: null,
  repeatCount: 0,
  known: false,
  description: null,
  cause: null,
  handling: null,
  lastSeenAt: Date.UTC(2026, 5, 10, 15, 5, 30),
  snoozedUntil: null,
  escalatedAt: null,
  inMaintenance: false,
  flapping: false,
  read: false,
};

type Column = {
  title?: unknown;
  key?: unknown;
  sorter?: unknown;
  sortOrder?: unknown;
  render?: (value: never, row: AlarmItem) => unknown;
};

function columnOf(columns: Column[], key: string): Column {
  const found = columns.find((c) => c.key === key);
  if (found === undefined) throw new Error(key);
  return found;
}

describe('alarm columns (alarm list, station Alarm tab)', () => {
  it("shows one station's times in its zone and names the zone in the titles (station tab)", async () => {
    await i18n.changeLanguage('EN');
    const columns = alarmColumns(i18n.t, { timeZone: 'Asia/Tokyo' }) as Column[];
    expect(columnOf(columns, 'startedAt').title).toBe('Started (Asia/Tokyo)');
    expect(columnOf(columns, 'endedAt').title).toBe('Ended (Asia/Tokyo)');
    const render = (key: 'startedAt' | 'endedAt'): unknown =>
      columnOf(columns, key).render?.(row[key] as never, row);
    expect(render('startedAt')).toBe('2026-06-10 23:50:00');
    expect(render('endedAt')).toBe('2026-06-11 00:05:30');
    expect(columns.some((c) => c.key === 'station')).toBe(false);
  });

  it("labels each row's times with its own station's zone on the fleet-wide list", async () => {
    await i18n.changeLanguage('EN');
    const columns = alarmColumns(i18n.t, { station: true }) as Column[];
    expect(columnOf(columns, 'startedAt').title).toBe('Started');
    const berlin = { ...row, timeZone: 'Europe/Berlin' };
    expect(columnOf(columns, 'startedAt').render?.(row.startedAt as never, row)).toBe(
      '2026-06-10 23:50:00 (Asia/Tokyo)',
    );
    expect(columnOf(columns, 'startedAt').render?.(row.startedAt as never, berlin)).toBe(
      '2026-06-10 16:50:00 (Europe/Berlin)',
    );
    expect(columnOf(columns, 'endedAt').render?.(null as never, { ...row, endedAt: null })).toBe('-');
    expect(columnOf(columns, 'station').render?.(row.stationName as never, row)).toBe('Roof A');
    expect(columnOf(columns, 'device').render?.(undefined as never, row)).toBe('INV-1 · Inverter');
  });

  it('makes the sortable columns sortable and marks the sorted one', () => {
    const columns = alarmColumns(i18n.t, { sort: { field: 'level', order: 'asc' } }) as Column[];
    expect(columnOf(columns, 'level')).toMatchObject({ sorter: true, sortOrder: 'ascend' });
    expect(columnOf(columns, 'startedAt')).toMatchObject({ sorter: true, sortOrder: null });
    expect(columnOf(columns, 'state').sorter).toBeUndefined();
    expect(columnOf(alarmColumns(i18n.t) as Column[], 'level').sorter).toBeUndefined();
  });

  it('writes the titles in the UI language', async () => {
    await i18n.changeLanguage('DE');
    const columns = alarmColumns(i18n.t, { timeZone: 'Europe/Berlin' }) as Column[];
    expect(columns.map((c) => c.title)).toContain('Beginn (Europe/Berlin)');
    await i18n.changeLanguage('EN');
  });
});

describe('fault-code catalogue section', () => {
  it('says "Unknown code" when the catalogue does not know the code', () => {
    render(<AlarmCatalogue alarm={{ code: 4711, known: false, cause: null, handling: null }} />);
    expect(screen.getByText(/Unknown code 4711/)).toBeTruthy();
  });

  it('shows description, cause and handling when the row carries them', () => {
    render(
      <AlarmCatalogue
        alarm={{
          code: 2031,
          known: true,
          description: 'Grid overvoltage',
          cause: 'The grid voltage is above the limit',
          handling: '1. Check the grid\n2. Call the utility',
        }}
      />,
    );
    expect(screen.getByText('Cause')).toBeTruthy();
    expect(screen.getByText('The grid voltage is above the limit')).toBeTruthy();
    expect(screen.getByText('Handling')).toBeTruthy();
    expect(screen.queryByText(/Unknown code/)).toBeNull();
  });

  it('shows nothing when the rows carry no catalogue fields', () => {
    const { container } = render(<AlarmCatalogue alarm={{ code: 7 }} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('alarm title', () => {
  it("prefers the catalogue's description to the logger's message, and falls back to the code", () => {
    const { rerender } = render(
      <AlarmTitle
        alarm={{ ...row, read: true, message: 'OVP-AC', known: true, description: 'Grid overvoltage' }}
      />,
    );
    expect(screen.getByText('Grid overvoltage')).toBeTruthy();
    expect(screen.queryByText('OVP-AC')).toBeNull();
    rerender(
      <AlarmTitle alarm={{ ...row, read: true, message: 'OVP-AC', known: false, description: null }} />,
    );
    expect(screen.getByText('OVP-AC')).toBeTruthy();
    rerender(<AlarmTitle alarm={{ ...row, read: true, message: null, known: false, description: null }} />);
    expect(screen.getByText('Code 7')).toBeTruthy();
  });
});

describe('drawer queries', () => {
  it('asks for earlier occurrences of the same code on the same device, started before', () => {
    expect(earlierQuery(row)).toEqual({
      pageNum: 1,
      pageSize: 10,
      code: 7,
      gatewayId: 2,
      deviceId: 3,
      to: row.startedAt,
    });
    // A logger's own alarm: the logger's alarms only.
    expect(earlierQuery({ ...row, deviceId: null, deviceSn: null, deviceType: 'GATEWAY' })).toMatchObject({
      deviceType: 'GATEWAY',
      gatewayId: 2,
    });
  });

  it('charts two hours either side of the start, never past now', () => {
    const start = Date.UTC(2026, 5, 10, 12);
    expect(powerWindow(start, start + 10 * POWER_WINDOW_MS)).toEqual({
      from: start - POWER_WINDOW_MS,
      to: start + POWER_WINDOW_MS,
    });
    expect(powerWindow(start, start + 60_000)).toEqual({ from: start - POWER_WINDOW_MS, to: start + 60_000 });
  });
});
