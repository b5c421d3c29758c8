import { useMutation, useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import type { UnsubscribeResult } from '@sunfleet/contracts';
import { api } from '../../../lib/request';

// The public unsubscribe page's two calls (docs/alarms.md "Unsubscribe page"): GET shows what the link of
// a mail names and changes nothing; POST, on the button, switches the subscription off.

export function useUnsubscribeTarget(token: string): UseQueryResult<UnsubscribeResult> {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => api.GET('/api/subscription/unsubscribe', { params: { query: { token } } }),
    enabled: token !== '',
    // A refused token (4004) is final.
    retry: false,
  });
}

export function useUnsubscribe(token: string): UseMutationResult<UnsubscribeResult, Error, void> {
  return useMutation({
    mutationFn: () => api.POST('/api/subscription/unsubscribe', { body: { token } }),
  });
}
