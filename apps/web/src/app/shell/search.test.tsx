import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchDialog } from './SearchDialog';
import { TestId } from '../../testids';
import { HistorySection, ResultSection, type ResultItem } from '../../features/search/SearchSections';
import {
  morePath,
  normaliseKeywords,
  resultLists,
  resultPath,
  showMore,
  useDebouncedValue,
} from '../../features/search/searchModel';

const items = (n: number): ResultItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, label: `SN${i + 1}` }));
const noop = (): void => undefined;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('search rules (SPEC §5, §9)', () => {
  it('trims keywords and shows More only at exactly 8 items', () => {
    expect(normaliseKeywords('  SFI1 ')).toBe('SFI1');
    expect(normaliseKeywords('x'.repeat(80))).toHaveLength(64);
    expect(showMore(items(7))).toBe(false);
    expect(showMore(items(8))).toBe(true);
    expect(showMore([])).toBe(false);
  });

  it('opens details with the tag title suffix and More on the filtered list', () => {
    expect(resultPath('STATION', 4, 'Helios Roof')).toBe('/station/detail/4?tagTitleSuffix=Helios%20Roof');
    expect(resultPath('INVERTER', 9, 'SFI1')).toBe('/device/detail/9?tagTitleSuffix=SFI1');
    expect(resultPath('GATEWAY', 2, 'SFLG1')).toBe('/gateway/detail/2?tagTitleSuffix=SFLG1');
    expect(morePath('STATION', 'a b')).toBe('/stationSystem?name=a%20b');
    expect(morePath('GATEWAY', 'SF')).toBe('/deviceAll?tab=loggers&sn=SF');
  });

  it('debounces: the value settles 400 ms after the last change', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }: { v: string }) => useDebouncedValue(v), {
      initialProps: { v: '' },
    });
    rerender({ v: 'a' });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender({ v: 'ab' });
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('ab');
  });

  it('shows a device’s or logger’s status and its station as a link, or that it has none', () => {
    const lists = resultLists({
      stations: [{ id: 4, name: 'Helios Roof' }],
      devices: [{ id: 1, deviceSn: 'SFI1', status: 'FAULT', stationId: 4, stationName: 'Helios Roof' }],
      gateways: [{ id: 2, gatewaySn: 'SFLG1', status: 'OFFLINE', stationId: null, stationName: null }],
      queryHistories: [],
    });
    expect(lists.map((l) => l.type)).toEqual(['STATION', 'INVERTER', 'GATEWAY']);
    expect(lists[0]?.items).toEqual([{ id: 4, label: 'Helios Roof' }]);
    const open = vi.fn();
    const { container, rerender } = render(
      <ResultSection
        type="INVERTER"
        titleKey="t"
        items={lists[1]?.items ?? []}
        loading={false}
        onPick={noop}
        onMore={noop}
        onOpenStation={open}
      />,
    );
    const tag = container.querySelector('.ant-tag[data-kind="device"]');
    expect(tag?.getAttribute('data-status')).toBe('FAULT');
    const link = screen.getByTestId(TestId.searchResultStation);
    expect(link.tagName).toBe('A');
    expect(link.textContent).toContain('Helios Roof');
    expect(link.getAttribute('href')).toBe('#/station/detail/4?tagTitleSuffix=Helios%20Roof');
    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith({ id: 4, name: 'Helios Roof' });

    rerender(
      <ResultSection
        type="GATEWAY"
        titleKey="t"
        items={lists[2]?.items ?? []}
        loading={false}
        onPick={noop}
        onMore={noop}
        onOpenStation={open}
      />,
    );
    expect(container.querySelector('.ant-tag[data-kind="gateway"]')?.getAttribute('data-status')).toBe(
      'OFFLINE',
    );
    expect(screen.getByTestId(TestId.searchResultStation).tagName).not.toBe('A');
  }, 20_000);

  it('renders More at 8 results, none at 7, and "No data" for an empty list', () => {
    const { rerender, container } = render(
      <ResultSection
        type="INVERTER"
        titleKey="t"
        items={items(8)}
        loading={false}
        onPick={noop}
        onMore={noop}
        onOpenStation={noop}
      />,
    );
    expect(screen.getAllByTestId(TestId.searchResult)).toHaveLength(8);
    expect(screen.queryByTestId(TestId.searchMore)).not.toBeNull();
    rerender(
      <ResultSection
        type="INVERTER"
        titleKey="t"
        items={items(7)}
        loading={false}
        onPick={noop}
        onMore={noop}
        onOpenStation={noop}
      />,
    );
    expect(screen.queryByTestId(TestId.searchMore)).toBeNull();
    rerender(
      <ResultSection
        type="INVERTER"
        titleKey="t"
        items={[]}
        loading={false}
        onPick={noop}
        onMore={noop}
        onOpenStation={noop}
      />,
    );
    expect(screen.queryAllByTestId(TestId.searchResult)).toHaveLength(0);
    expect(container.querySelector('.ant-empty')).not.toBeNull();
  }, 20_000);

  it('disables Clear when there is no history', () => {
    const clear = (): HTMLButtonElement => screen.getByTestId<HTMLButtonElement>(TestId.searchClearHistory);
    const { rerender } = render(
      <HistorySection entries={[]} onPick={noop} onClear={noop} clearing={false} />,
    );
    expect(clear().disabled).toBe(true);
    rerender(
      <HistorySection
        entries={[{ keywords: 'SFI1', type: { key: 'INVERTER' }, extraId: 3 }]}
        onPick={noop}
        onClear={noop}
        clearing={false}
      />,
    );
    expect(clear().disabled).toBe(false);
  });
});

describe('SearchDialog', () => {
  let urls: string[];

  beforeEach(() => {
    urls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        urls.push(`${url.pathname}${url.search}`);
        const keywords = url.searchParams.get('keywords');
        const data = {
          stations: [],
          devices:
            keywords === null
              ? []
              : items(8).map((i) => ({
                  id: i.id,
                  deviceSn: i.label,
                  status: 'RUNNING',
                  stationId: 4,
                  stationName: 'Helios Roof',
                })),
          gateways: [],
          queryHistories: [],
        };
        return Promise.resolve(
          new Response(JSON.stringify({ status: 200, enMsg: 'OperationSuccess', data }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
  });

  function renderDialog(): void {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrap = (node: ReactNode) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    );
    render(wrap(<SearchDialog open onClose={noop} />));
  }

  it('loads history on open, searches once 400 ms after typing stops, trimmed, and shows More at 8', async () => {
    // Only timeouts are faked: the response bodies still resolve on their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDialog();
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(urls).toEqual(['/api/indexSearch']);
    const input = screen.getByTestId(TestId.searchInput);
    fireEvent.change(input, { target: { value: ' S' } });
    await act(async () => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: ' SF ' } });
    await act(async () => vi.advanceTimersByTimeAsync(399));
    expect(urls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(urls).toEqual(['/api/indexSearch', '/api/indexSearch?keywords=SF']);
    expect(screen.getAllByTestId(TestId.searchResult)).toHaveLength(8);
    expect(screen.getAllByTestId(TestId.searchMore)).toHaveLength(1);
    // The clear button is disabled: the history is empty.
    expect(screen.getByTestId<HTMLButtonElement>(TestId.searchClearHistory).disabled).toBe(true);
  }, 30_000);
});
