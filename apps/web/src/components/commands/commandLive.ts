// Live command states (GET /api/live/commands, one CommandView per change): each event replaces the
// command in the cache and makes the command lists read again. While the stream is not open, the lists
// and the followed commands fall back to reading again on a timer (api.ts FOLLOW_POLL_MS, PAGE_POLL_MS).
import { useSyncExternalStore } from 'react';
import type { CommandView } from '@sunfleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/queryClient';

let streamLive = false;
const listeners = new Set<() => void>();

export function setCommandStreamLive(live: boolean): void {
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
