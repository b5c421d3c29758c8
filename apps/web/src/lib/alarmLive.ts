// The alarm stream (GET /api/live/alarms, docs/alarms.md "Alarm list screen"): one per tab, opened by the
// shell for roles with alarm:view. Each event sets the bell's count (unreadAlarmCount in the cached
// /api/info) and makes the alarm lists and the open drawer (station Alarm tab, Home's latest alarms, the
// list) read again; every (re)opening does the same, for whatever happened while it was down. While the
// stream is not live the lists and the bell fall back to polling every 60 s.
import { useEffect, useSyncExternalStore } from 'react';
import type { InfoData, LiveEvent } from '@sunfleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { areaKeys, queryClient, sessionKeys } from './queryClient';
import { useLive, type LiveState } from './live';

let streamLive = false;
const listeners = new Set<() => void>();

function setStreamLive(live: boolean): void {
  if (live === streamLive) return;
  streamLive = live;
  for (const listener of listeners) listener();
}

/** True while this tab's alarm stream is open: polling for alarms can rest. */
export function useAlarmStreamLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => streamLive,
  );
}

/** The alarm queries the stream refreshes: pages (list, station tab, Home) and the drawer's alarm. */
const isAlarmView = (key: readonly unknown[]): boolean =>
  key[0] === areaKeys.alarm[0] && (key[1] === 'page' || key[1] === 'detail');

/** Applies one event of the alarm stream to the query cache. */
export function applyAlarmEvent(event: LiveEvent, client: QueryClient = queryClient): void {
  if (event.type !== 'alarm' && event.type !== 'unread') return;
  const count = event.data.unreadAlarmCount;
  client.setQueryData<InfoData>(sessionKeys.info, (info) =>
    info === undefined || info.unreadAlarmCount === count ? info : { ...info, unreadAlarmCount: count },
  );
  if (event.type === 'alarm') void client.invalidateQueries({ predicate: (q) => isAlarmView(q.queryKey) });
}

/** Keeps the tab's alarm stream open while `enabled`; answers its state. */
export function useAlarmLive(enabled: boolean): LiveState {
  const state = useLive(enabled ? 'alarms' : null, (event) => applyAlarmEvent(event));
  const live = state === 'live';
  useEffect(() => {
    setStreamLive(live);
    // Opened (again): catch up with whatever changed while the stream was down.
    if (live) void queryClient.invalidateQueries({ predicate: (q) => isAlarmView(q.queryKey) });
    return () => setStreamLive(false);
  }, [live]);
  return state;
}
