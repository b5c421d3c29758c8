import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RecordingView } from '@sunfleet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserLayout } from '../../lib/jsdomStubs';
import { RecordingSection } from './RecordingSection';
import { RecordingTestId } from './testIds';

const base: RecordingView = {
  id: 1,
  deviceId: 9,
  deviceSn: 'SFI1000009',
  stationId: 4,
  mode: 'AUTOMATIC',
  source: 'MASTER_DSP',
  trigger: 'FAULT',
  triggerLevel: null,
  faultCode: 3001,
  state: 'DONE',
  commandId: null,
  commandState: null,
  error: null,
  samplingPeriodMs: 1,
  triggerAddress: 40_107,
  delayMs: -40,
  zoom: 0.1,
  samples: 100,
  triggerValue: 7,
  startedAt: 1_795_262_099_960,
  createdAt: 1_795_262_100_000,
  createdBy: null,
  channels: [],
  channelCount: 4,
};
const failed: RecordingView = {
  ...base,
  id: 2,
  mode: 'MANUAL',
  faultCode: null,
  state: 'FAILED',
  commandState: 'FAILED',
  error: 'illegal-address',
  createdBy: 'demo.installer1',
  channelCount: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the fault recording section', () => {
  let urls: string[];

  beforeEach(() => {
    urls = [];
    stubBrowserLayout();
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        urls.push(`${url.pathname}${url.search}`);
        const data =
          url.pathname === '/api/recording/page'
            ? { total: 2, list: [base, failed] }
            : url.pathname === '/api/recording/2'
              ? failed
              : { perms: [] };
        return Promise.resolve(
          new Response(JSON.stringify({ status: 200, enMsg: 'OperationSuccess', data }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
  });

  it("lists the inverter's manual and automatic recordings and opens a failed one with its error", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RecordingSection deviceId={9} />
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId(RecordingTestId.list);
    await within(list).findByText('demo.installer1');
    const rows = within(list).getAllByRole('row');
    // The header row, then one row per recording, newest first as the server sent them.
    expect(rows).toHaveLength(3);
    expect(urls).toContain('/api/recording/page?deviceId=9&pageNum=1&pageSize=10');
    const marks = (row: HTMLElement, attribute: string): (string | null)[] =>
      [...row.querySelectorAll(`[${attribute}]`)].map((e) => e.getAttribute(attribute));
    expect(rows.slice(1).map((row) => [marks(row, 'data-mode'), marks(row, 'data-state')])).toEqual([
      [['AUTOMATIC'], ['DONE']],
      [['MANUAL'], ['FAILED']],
    ]);
    // Without recording:start there is nothing to start.
    expect(screen.queryByTestId(RecordingTestId.start)).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button'));
    const viewer = await screen.findByTestId(RecordingTestId.viewer);
    expect(urls).toContain('/api/recording/2');
    expect(viewer.dataset.state).toBe('FAILED');
    expect(viewer.querySelector('.ant-alert-error')).not.toBeNull();
    expect(within(viewer).queryByTestId(RecordingTestId.exportCsv)).toBeNull();
    // An Ant Design table and drawer rendered in jsdom: about 3 s alone, past the default 5 s on a loaded CI run.
  }, 30_000);
});
