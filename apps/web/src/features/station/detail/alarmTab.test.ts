import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmItem } from '@sunfleet/contracts';
import { i18n } from '../../../lib/i18n';
import { alarmColumns } from './AlarmTab';

const LOCALES = join(__dirname, '../../../../../../packages/contracts/locales');
const table = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, 'stationDetail', `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;

beforeAll(() => {
  for (const language of ['EN', 'DE'])
    i18n.addResourceBundle(language, 'translation', table(language), true, true);
});
afterAll(async () => {
  await i18n.changeLanguage('EN');
});

const row: AlarmItem = {
  id: 1,
  gatewayId: 2,
  gatewaySn: 'LOG-1',
  deviceId: 3,
  deviceSn: 'INV-1',
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
  known: false,
  description: null,
  cause: null,
  handling: null,
  deviceType: 'INVERTER',
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
  lastSeenAt: Date.UTC(2026, 5, 10, 14, 50),
  snoozedUntil: null,
  escalatedAt: null,
  inMaintenance: false,
  flapping: false,
  read: false,
};

type Column = { title?: unknown; dataIndex?: unknown; render?: (value: never, row: AlarmItem) => unknown };

describe('station alarm tab', () => {
  it("shows the alarm times in the station's zone and names the zone in the column titles", async () => {
    await i18n.changeLanguage('EN');
    const columns = alarmColumns(i18n.t, 'Asia/Tokyo') as Column[];
    const column = (key: string): Column => {
      const found = columns.find((c) => c.dataIndex === key);
      if (found === undefined) throw new Error(key);
      return found;
    };
    expect(column('startedAt').title).toBe('Started (Asia/Tokyo)');
    expect(column('endedAt').title).toBe('Ended (Asia/Tokyo)');
    const render = (key: 'startedAt' | 'endedAt'): unknown => column(key).render?.(row[key] as never, row);
    expect(render('startedAt')).toBe('2026-06-10 23:50:00');
    expect(render('endedAt')).toBe('2026-06-11 00:05:30');
  });

  it('writes the titles in the UI language', async () => {
    await i18n.changeLanguage('DE');
    const columns = alarmColumns(i18n.t, 'Europe/Berlin') as Column[];
    expect(columns.map((c) => c.title)).toContain('Beginn (Europe/Berlin)');
  });
});
