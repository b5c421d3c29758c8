import { describe, expect, it } from 'vitest';
import { assignBody } from './AssignModal';
import { DEFAULT_STATION_COLUMNS, visibleColumns } from './columnChoice';
import { stationDetailPath, stationFormPath } from '../../../lib/paths';
import { numberFormat } from '../../../lib/numberFormat';
import type { StationSummary } from '../api';
import { stationColumns } from './columns';

describe('station list column choice', () => {
  it('shows the defaults until a choice is saved', () => {
    expect(visibleColumns(undefined)).toEqual([...DEFAULT_STATION_COLUMNS]);
  });

  it("keeps the table's order and drops columns that no longer exist", () => {
    expect(visibleColumns(['owner', 'gone', 'type', 'capacity'])).toEqual(['type', 'capacity', 'owner']);
  });

  it('treats an empty saved list as a choice (name and status only)', () => {
    expect(visibleColumns([])).toEqual([]);
  });
});

describe('station links', () => {
  it('opens the detail with the name as tab title suffix, encoded', () => {
    expect(stationDetailPath(7, 'Roof & Barn #2')).toBe(
      '/station/detail/7?tagTitleSuffix=Roof%20%26%20Barn%20%232',
    );
  });

  it('opens the form for create or for one station', () => {
    expect(stationFormPath()).toBe('/createStation');
    expect(stationFormPath(12)).toBe('/createStation?id=12');
  });
});

describe('assign body', () => {
  const station = { id: 3, companyId: 2, ownerUserId: 9 };

  it('sends only what changed', () => {
    expect(assignBody(station, { companyId: 2, ownerUserId: 9 })).toEqual({ stationIds: [3] });
    expect(assignBody(station, { companyId: 5, ownerUserId: 9 })).toEqual({ stationIds: [3], companyId: 5 });
  });

  it('sends null when the owner account is removed', () => {
    expect(assignBody(station, { companyId: 2, ownerUserId: 0 })).toEqual({
      stationIds: [3],
      ownerUserId: null,
    });
    expect(assignBody({ ...station, ownerUserId: null }, { ownerUserId: 4 })).toEqual({
      stationIds: [3],
      ownerUserId: 4,
    });
  });
});

describe('station list figures', () => {
  it("writes capacity, power and energy in the UI language's numbers", () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof stationColumns>[0];
    const station = {
      capacityKwp: 6.75,
      powerKw: 1234.5,
      todayKwh: 12.25,
      totalKwh: 4321.5,
    } as StationSummary;
    const figures = (language: 'DE' | 'EN'): unknown[] =>
      stationColumns(t, numberFormat(language), ['capacity', 'power', 'today', 'total'], undefined)
        .slice(2)
        .map((column) => column.render?.(undefined, station, 0));
    expect(figures('DE')).toEqual(['6,75 kWp', '1,23 MW', '12,25 kWh', '4,32 MWh']);
    expect(figures('EN')).toEqual(['6.75 kWp', '1.23 MW', '12.25 kWh', '4.32 MWh']);
  });
});
