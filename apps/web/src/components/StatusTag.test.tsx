import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_STATUS_CODES,
  GATEWAY_STATUS_CODES,
  STATION_STATUS_CODES,
  type DeviceStatus,
  type GatewayStatus,
  type StationStatus,
} from '@sunfleet/contracts';
import { i18n } from '../lib/i18n';
import { StatusDot, StatusTag, statusColor, statusOptions, type StatusRef } from './StatusTag';

const localeOf = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      join(__dirname, `../../../../packages/contracts/locales/web-status/${language}.json`),
      'utf8',
    ),
  ) as Record<string, string>;
const EN = localeOf('EN');

const every: StatusRef[] = [
  ...STATION_STATUS_CODES.map((status): StatusRef => ({ kind: 'station', status })),
  ...DEVICE_STATUS_CODES.map((status): StatusRef => ({ kind: 'device', status })),
  ...GATEWAY_STATUS_CODES.map((status): StatusRef => ({ kind: 'gateway', status })),
];

/** Renders every status once (one render: antd's first render is slow); `tagOf` reads one back. */
function renderAll(): void {
  render(
    <>
      {every.map((ref) => (
        <StatusTag key={`${ref.kind}-${ref.status}`} {...ref} testId={`${ref.kind}-${ref.status}`} />
      ))}
    </>,
  );
}

/** The word and the antd colour class of one rendered status. */
function tagOf(ref: StatusRef): { text: string; colour: string | undefined } {
  const tag = screen.getByTestId(`${ref.kind}-${ref.status}`);
  const colour = [...tag.classList].find((c) => /^ant-tag-(green|orange|red|blue)$/.test(c));
  return { text: tag.textContent, colour };
}

beforeAll(async () => {
  i18n.addResourceBundle('EN', 'translation', EN, true, true);
  await i18n.changeLanguage('EN');
});
afterEach(cleanup);

describe('status component (one word and one colour per status everywhere)', () => {
  it('shows every status of the contracts with its translated word and its code', () => {
    renderAll();
    for (const ref of every) {
      const { text } = tagOf(ref);
      expect(text, `${ref.kind} ${ref.status}`).toBe(EN[`status.${ref.kind}.${ref.status}`]);
    }
    expect(screen.getByTestId('gateway-FAULT').dataset).toMatchObject({ kind: 'gateway', status: 'FAULT' });
  });

  it('has a word for every status in CN, EN, DE and ITA', () => {
    for (const language of ['CN', 'EN', 'DE', 'ITA']) {
      const table = localeOf(language);
      for (const ref of every) expect(table[`status.${ref.kind}.${ref.status}`], language).toBeTruthy();
    }
  });

  it('gives a code the same colour whatever it is the status of, and OTHER is blue', () => {
    renderAll();
    const colours = new Map<string, Set<string | undefined>>();
    for (const ref of every) {
      const seen = colours.get(ref.status) ?? new Set();
      seen.add(tagOf(ref).colour);
      colours.set(ref.status, seen);
    }
    for (const [status, seen] of colours) expect(seen.size, status).toBe(1);
    expect(tagOf({ kind: 'station', status: 'OTHER' }).colour).toBe('ant-tag-blue');
    expect(tagOf({ kind: 'device', status: 'OTHER' }).colour).toBe('ant-tag-blue');
    expect(tagOf({ kind: 'device', status: 'RUNNING' }).colour).toBe('ant-tag-green');
    expect(tagOf({ kind: 'device', status: 'FAULT' }).colour).toBe('ant-tag-red');
    expect(tagOf({ kind: 'station', status: 'ABNORMAL' }).colour).toBe('ant-tag-orange');
    // Offline is antd's neutral tag: no colour class.
    expect(tagOf({ kind: 'station', status: 'OFFLINE' }).colour).toBeUndefined();
  });

  it('paints dots and map markers in the colour of the tag', () => {
    const hex: Record<string, string> = {
      'ant-tag-green': '#52c41a',
      'ant-tag-orange': '#fa8c16',
      'ant-tag-red': '#f5222d',
      'ant-tag-blue': '#1677ff',
    };
    renderAll();
    for (const ref of every) {
      const { colour } = tagOf(ref);
      expect(statusColor(ref.status), `${ref.kind} ${ref.status}`).toBe(
        colour === undefined ? '#8c8c8c' : hex[colour],
      );
    }
    render(<StatusDot status="OTHER" />);
    const dot = document.querySelector<HTMLElement>('.status-dot');
    expect(dot?.style.background).toBe('rgb(22, 119, 255)');
  });

  it('words a resting device by its rest, in the calm colour, keeping its code OTHER', () => {
    const calm = ['SLEEPING', 'STARTING', 'SHUTTING_DOWN', 'STANDBY'] as const;
    render(
      <>
        {calm.map((rest) => (
          <StatusTag key={rest} kind="device" status="OTHER" rest={rest} testId={`rest-${rest}`} />
        ))}
        {/* A rest beside another status means nothing: the status wins. */}
        <StatusTag kind="device" status="FAULT" rest="SLEEPING" testId="rest-fault" />
        <StatusTag kind="device" status="OTHER" rest={null} testId="rest-none" />
      </>,
    );
    for (const rest of calm) {
      const tag = screen.getByTestId(`rest-${rest}`);
      expect(tag.textContent, rest).toBe(EN[`status.device.rest.${rest}`]);
      expect(tag.dataset).toMatchObject({ status: 'OTHER', rest, tone: 'resting' });
      expect(tag.classList.contains('ant-tag-cyan'), rest).toBe(true);
    }
    expect(EN['status.device.rest.SLEEPING']).toBe('Sleeping');
    expect(screen.getByTestId('rest-fault').textContent).toBe(EN['status.device.FAULT']);
    expect(screen.getByTestId('rest-fault').classList.contains('ant-tag-red')).toBe(true);
    expect(screen.getByTestId('rest-none').textContent).toBe(EN['status.device.OTHER']);
    expect(screen.getByTestId('rest-none').classList.contains('ant-tag-blue')).toBe(true);
    expect(statusColor('OTHER', true)).toBe('#13c2c2');
    expect(statusColor('RUNNING', true)).toBe('#52c41a');
    for (const language of ['CN', 'EN', 'DE', 'ITA']) {
      const table = localeOf(language);
      for (const rest of calm) expect(table[`status.device.rest.${rest}`], language).toBeTruthy();
      expect(table['status.device.resting'], language).toBeTruthy();
    }
  });

  it('offers the filter options in the contracts order with their words', () => {
    const t = i18n.t.bind(i18n);
    const station: StationStatus[] = statusOptions('station', t).map((o) => o.value);
    const device: DeviceStatus[] = statusOptions('device', t).map((o) => o.value);
    const gateway: GatewayStatus[] = statusOptions('gateway', t).map((o) => o.value);
    expect(station).toEqual([...STATION_STATUS_CODES]);
    expect(device).toEqual([...DEVICE_STATUS_CODES]);
    expect(gateway).toEqual([...GATEWAY_STATUS_CODES]);
    expect(statusOptions('gateway', t)[0]?.label).toBe(EN['status.gateway.NORMAL']);
  });
});
