import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { TestId } from '../../../testids';
import { EnergyFlow } from './EnergyFlow';

const EN = JSON.parse(
  readFileSync(join(__dirname, '../../../../../../packages/contracts/locales/stationDetail/EN.json'), 'utf8'),
) as Record<string, string>;

const nodes = (): HTMLElement[] => screen.queryAllByTestId(TestId.stationDetailFlowNode);
const node = (kind: string): HTMLElement | undefined => nodes().find((n) => n.dataset.kind === kind);

beforeAll(async () => {
  i18n.addResourceBundle('EN', 'translation', EN, true, true);
  await i18n.changeLanguage('EN');
});
afterEach(cleanup);

describe('energy flow', () => {
  it('shows export to the grid and a discharging battery with its state of charge', () => {
    render(
      <EnergyFlow
        flow={{ pvKw: 5.5, loadKw: 4, gridKw: -2.5, batteryKw: -1, socPct: 80.4, derived: ['load'] }}
      />,
    );
    expect(nodes().map((n) => n.dataset.kind)).toEqual(['pv', 'grid', 'load', 'battery']);
    expect(node('grid')?.textContent).toContain('2.50 kW');
    expect(node('grid')?.textContent).toContain('Exporting');
    expect(node('battery')?.textContent).toContain('Discharging');
    expect(node('battery')?.textContent).toContain('80%');
    expect(node('pv')?.textContent).toContain('5.50 kW');
    expect(node('load')?.textContent).toContain('derived');
  });

  it('shows import and charging the other way round', () => {
    render(
      <EnergyFlow
        flow={{ pvKw: 0, loadKw: 1.2, gridKw: 3, batteryKw: 2, socPct: null, derived: ['load'] }}
      />,
    );
    expect(node('grid')?.textContent).toContain('Importing');
    expect(node('battery')?.textContent).toContain('Charging');
    expect(node('battery')?.textContent).not.toContain('%');
  });

  it('marks derived flows dashed and measured ones solid', () => {
    render(
      <EnergyFlow
        flow={{ pvKw: 5.5, loadKw: 4, gridKw: -2.5, batteryKw: -1, socPct: 80, derived: ['load'] }}
      />,
    );
    expect(node('load')?.dataset.derived).toBe('true');
    expect(node('load')?.style.borderStyle).toBe('dashed');
    for (const kind of ['pv', 'grid', 'battery']) {
      expect(node(kind)?.dataset.derived, kind).toBe('false');
      expect(node(kind)?.style.borderStyle, kind).toBe('solid');
      expect(node(kind)?.textContent, kind).not.toContain('derived');
    }
    expect(screen.queryByTestId(TestId.stationDetailFlowJunction)).toBeNull();
  });

  it('sends a plant’s PV to a derived grid node instead of nowhere', () => {
    // A ground storage plant without a meter: 1.39 MW of PV, 200 kW into storage, 1.19 MW exported.
    render(
      <EnergyFlow
        flow={{ pvKw: 1390, loadKw: null, gridKw: -1190, batteryKw: 200, socPct: 55, derived: ['grid'] }}
      />,
    );
    expect(nodes().map((n) => n.dataset.kind)).toEqual(['pv', 'grid', 'battery']);
    expect(node('grid')?.textContent).toContain('1.19 MW');
    expect(node('grid')?.textContent).toContain('Exporting');
    expect(node('grid')?.textContent).toContain('derived');
    expect(node('grid')?.style.borderStyle).toBe('dashed');
    expect(node('battery')?.textContent).toContain('Charging');
    // No load node: the flows meet at a junction.
    expect(screen.getByTestId(TestId.stationDetailFlowJunction)).toBeTruthy();
  });

  it('leaves out what the station has no device for and shows an unknown load as empty', () => {
    render(
      <EnergyFlow
        flow={{ pvKw: 3.21, loadKw: null, gridKw: null, batteryKw: null, socPct: null, derived: [] }}
      />,
    );
    expect(nodes().map((n) => n.dataset.kind)).toEqual(['pv', 'load']);
    expect(node('load')?.dataset.value).toBe('');
    expect(node('load')?.textContent).toContain('-');
    expect(node('load')?.textContent).not.toContain('derived');
    expect(node('pv')?.dataset.value).toBe('3.21');
  });
});
