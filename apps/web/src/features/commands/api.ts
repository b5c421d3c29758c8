// Calls of the command centre (docs/remote.md "Screens"): the page of commands within reach and a retry;
// one command and following are shared with the remote screens (components/commands/api.ts).
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CommandQuery, CommandView } from '@sunfleet/contracts';
import { FOLLOW_POLL_LIVE_MS, PAGE_POLL_MS, commandKeys } from '../../components/commands/api';
import { useCommandStreamLive } from '../../components/commands/commandLive';
import { isOpenState } from '../../components/commands/commandStates';
import type { PageData } from '../../lib/paging';
import { api } from '../../lib/request';

/**
 * The command centre's page. While one of its rows is still open it reads again every PAGE_POLL_MS when
 * the command stream is down (slowly otherwise: the stream refreshes it on every change).
 */
export function useCommandPage(query: CommandQuery): UseQueryResult<PageData<CommandView>> {
  const live = useCommandStreamLive();
  return useQuery({
    queryKey: commandKeys.page(query),
    queryFn: () => api.GET('/api/command/page', { params: { query } }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((c) => isOpenState(c.state)) === true
        ? live
          ? FOLLOW_POLL_LIVE_MS
          : PAGE_POLL_MS
        : false,
  });
}

/** Sends a FAILED or EXPIRED command again: a new command whose retryOf is the old one. */
export function retryCommand(id: string): Promise<CommandView> {
  return api.POST('/api/command/{id}/retry', { params: { path: { id } } });
}
