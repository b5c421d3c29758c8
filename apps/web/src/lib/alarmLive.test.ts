import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InfoData, LiveEvent } from '@sunfleet/contracts';
import { applyAlarmEvent, useAlarmLive, useAlarmStreamLive } from './alarmLive';
import { createSseParser } from './live';
import { sessionKeys } from './queryClient';
import { StorageKey } from './storage';

const info = { unreadAlarmCount: 2, perms: ['alarm:view'] } as unknown as InfoData;

function seeded(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.info, info);
  client.setQueryData(['alarm', 'page', 'list', { pageNum: 1 }], { total: 0, list: [] });
  client.setQueryData(['alarm', 'detail', 7], { id: 7 });
  client.setQueryData(['alarm', 'power', 7], { rows: [] });
  client.setQueryData(['station', 'list'], []);
  return client;
}
const invalidated = (client: QueryClient, key: readonly unknown[]): boolean | undefined =>
  client.getQueryState(key)?.isInvalidated;

describe('applyAlarmEvent', () => {
  it('sets the bell count from an alarm event and marks the alarm pages and details stale', () => {
    const client = seeded();
    const events: LiveEvent[] = [];
    createSseParser((e) => events.push(e))(
      'event: alarm\ndata: {"id":41,"kind":"RAISED","alarmId":7,"stationId":3,"level":"URGENT","state":"OPEN","unreadAlarmCount":3}\n\n',
    );
    const [event] = events;
    if (event === undefined) throw new Error('not parsed');
    applyAlarmEvent(event, client);
    expect(client.getQueryData<InfoData>(sessionKeys.info)?.unreadAlarmCount).toBe(3);
    expect(client.getQueryData<InfoData>(sessionKeys.info)?.perms).toEqual(['alarm:view']);
    expect(invalidated(client, ['alarm', 'page', 'list', { pageNum: 1 }])).toBe(true);
    expect(invalidated(client, ['alarm', 'detail', 7])).toBe(true);
    // The device's power history around the start does not change with the alarm; other areas neither.
    expect(invalidated(client, ['alarm', 'power', 7])).toBe(false);
    expect(invalidated(client, ['station', 'list'])).toBe(false);
  });

  it('takes the count on opening without refetching the lists, and ignores other events', () => {
    const client = seeded();
    applyAlarmEvent({ type: 'unread', data: { unreadAlarmCount: 5 } }, client);
    expect(client.getQueryData<InfoData>(sessionKeys.info)?.unreadAlarmCount).toBe(5);
    expect(invalidated(client, ['alarm', 'page', 'list', { pageNum: 1 }])).toBe(false);
    applyAlarmEvent({ type: 'latest', data: { deviceId: 1, ts: 1, values: {} } }, client);
    expect(client.getQueryData<InfoData>(sessionKeys.info)?.unreadAlarmCount).toBe(5);
  });
});

describe('useAlarmLive', () => {
  beforeEach(() => Cookies.set(StorageKey.sessionCookie, '1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(StorageKey.sessionCookie);
  });

  it('opens /api/live/alarms once enabled and reports the stream live for the polling fallback', async () => {
    const urls: string[] = [];
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        urls.push(new URL(request.url).pathname);
        return Promise.resolve(
          new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
        );
      }),
    );
    const { result, rerender, unmount } = renderHook(
      ({ enabled }) => ({ state: useAlarmLive(enabled), live: useAlarmStreamLive() }),
      { initialProps: { enabled: false } },
    );
    expect(result.current).toEqual({ state: 'stopped', live: false });
    rerender({ enabled: true });
    await waitFor(() => expect(result.current).toEqual({ state: 'live', live: true }));
    expect(urls).toEqual(['/api/live/alarms']);
    act(() =>
      controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"unreadAlarmCount":1}\n\n')),
    );
    unmount();
    expect(urls).toHaveLength(1);
  });
});
