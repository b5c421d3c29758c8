// Live command states (GET /api/live/commands, one CommandView per change): each event replaces the
// command in the cache and makes the command lists read again. While the stream is not open, the lists
// and the followed commands fall back to reading again on a timer (api.ts FOLLOW_POLL_MS, PAGE_POLL_MS).
import { useEffect, useSyncExternalStore } from 'react';
import type { CommandView, LiveEvent } from '@sunfleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useLive, type LiveState } from '../../lib/live';
import { queryClient } from '../../lib/queryClient';

/** Command streams of this tab that are open now (the command centre and a followed remote call may both hold one). */
let openStreams = 0;
let streamLive = false;
const listeners = new Set<() => void>();

function setOpenStreams(delta: number): void {
  openStreams = Math.max(0, openStreams + delta);
  const live = openStreams > 0;
  if (live === streamLive) return;
  streamLive = live;
  for (const listener of listeners) listener();
}

/** True while this tab's command stream is open: timers can slow down. */
export function useCommandStreamLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => streamLive,
  );
}

/** Applies one command change: the command's own entry now, the lists when they are next shown. */
export function applyCommandChange(view: CommandView, client: QueryClient = queryClient): void {
  client.setQueryData<CommandView>(['command', 'detail', view.id], view);
  void client.invalidateQueries({ queryKey: ['command', 'page'] });
}

/** Applies one event of the command stream (other event types are not this stream's). */
export function applyCommandEvent(event: LiveEvent, client: QueryClient = queryClient): void {
  if (event.type === 'command') applyCommandChange(event.data, client);
}

/**
 * Keeps a command stream open while `enabled`; answers its state. Each (re)opening reads the command
 * lists and details again, for whatever changed while it was down.
 */
export function useCommandLive(enabled: boolean): LiveState {
  const state = useLive(enabled ? 'commands' : null, (event) => applyCommandEvent(event));
  const live = state === 'live';
  useEffect(() => {
    if (!live) return undefined;
    setOpenStreams(1);
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'command' && (q.queryKey[1] === 'page' || q.queryKey[1] === 'detail'),
    });
    return () => setOpenStreams(-1);
  }, [live]);
  return state;
}
