// Commands as the remote screens follow them (docs/remote.md "Screens"): one command, and the commands a
// remote call left open (the device had not answered within the call's wait) followed until they end —
// shared by the station's Remote settings tab, the batch register test and the command centre.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CommandQuery, CommandView, RemoteCommandRef } from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { api } from '../../lib/request';
import { combineStates, isOpenState } from './commandStates';
import { useCommandLive, useCommandStreamLive } from './commandLive';

export type { CommandView } from '@sunfleet/contracts';

export const commandKeys = {
  all: ['command'] as const,
  page: (query: CommandQuery) => ['command', 'page', query] as const,
  detail: (id: string) => ['command', 'detail', id] as const,
};

/**
 * How often open commands are read again while the live stream is down; with the stream open, a slow
 * safety net only (the stream may miss nothing, but a proxy may buffer it).
 */
export const FOLLOW_POLL_MS = 2_000;
export const FOLLOW_POLL_LIVE_MS = 15_000;
/** The command centre's list: again every 5 s while one of its rows is open and the stream is down. */
export const PAGE_POLL_MS = 5_000;

/** One command, followed (stream, else FOLLOW_POLL_MS) while it is open. */
export function useCommand(id: string | null): UseQueryResult<CommandView> {
  const live = useCommandStreamLive();
  const query = useQuery({
    queryKey: commandKeys.detail(id ?? ''),
    queryFn: () => api.GET('/api/command/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data !== undefined && isOpenState(q.state.data.state)
        ? live
          ? FOLLOW_POLL_LIVE_MS
          : FOLLOW_POLL_MS
        : false,
  });
  useCommandLive(id !== null && (query.data === undefined || isOpenState(query.data.state)));
  return query;
}

/** After a retry or a remote call: every command list and detail reads again. */
export function invalidateCommands(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: commandKeys.all });
}

/** The `result.detail` a device may give with its answer (its explanation of a failure). */
export function resultDetail(result: CommandView['result']): string | null {
  const detail = result?.detail;
  return typeof detail === 'string' ? detail : null;
}

export interface FollowedCommands {
  /** The call's state now: the server's rule over the commands' current states. */
  state: RemoteCommandRef['state'];
  commands: RemoteCommandRef[];
  /** The commands as last read (their results), by id; absent until read. */
  views: Map<string, CommandView>;
  /** True while one of them is open and being followed. */
  following: boolean;
}

/**
 * Follows the commands a remote call answered with until each has ended: a command still open is read
 * (GET /api/command/{id}) every FOLLOW_POLL_MS — or updated by the command stream — and stops being read
 * once DONE, FAILED or EXPIRED. Commands that had already ended are not read at all.
 */
export function useFollowedCommands(refs: readonly RemoteCommandRef[] | undefined): FollowedCommands {
  const live = useCommandStreamLive();
  const list = refs ?? [];
  const results = useQueries({
    queries: list.map((ref) => ({
      queryKey: commandKeys.detail(ref.id),
      queryFn: () => api.GET('/api/command/{id}', { params: { path: { id: ref.id } } }),
      enabled: isOpenState(ref.state),
      staleTime: 0,
      refetchInterval: (q: { state: { data?: CommandView } }) =>
        isOpenState(q.state.data?.state ?? ref.state) ? (live ? FOLLOW_POLL_LIVE_MS : FOLLOW_POLL_MS) : false,
    })),
  });
  const views = new Map<string, CommandView>();
  const commands = list.map((ref, i) => {
    const view = results[i]?.data;
    if (view === undefined || !isOpenState(ref.state)) return ref;
    views.set(ref.id, view);
    return { ...ref, state: view.state, error: view.error, detail: resultDetail(view.result) };
  });
  const state = combineStates(commands.map((c) => c.state));
  const following = commands.some((c) => isOpenState(c.state));
  useCommandLive(following);
  return { state, commands, views, following };
}
