import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Webhook, WebhookCreateBody, WebhookDelivery, WebhookUpdateBody } from '@sunfleet/contracts';
import type { PageData, PageState } from '../../../lib/paging';
import { areaKeys, queryClient } from '../../../lib/queryClient';
import { api } from '../../../lib/request';

// The webhooks of the caller's companies (docs/alarms.md "Webhooks screen"): list, create, change,
// delete, the test call and the delivery log. Every query sits under one key, so a change refreshes all.

const webhookKeys = {
  all: [...areaKeys.alarm, 'webhook'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number, page: PageState) => [...webhookKeys.all, 'deliveries', id, page] as const,
};

export function useWebhooks(): UseQueryResult<Webhook[]> {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: () => api.GET('/api/webhook') });
}

export function useWebhookDeliveries(
  id: number | null,
  page: PageState,
): UseQueryResult<PageData<WebhookDelivery>> {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0, page),
    queryFn:
      id === null
        ? skipToken
        : () => api.GET('/api/webhook/{id}/deliveries', { params: { path: { id }, query: page } }),
    placeholderData: keepPreviousData,
  });
}

export const webhookApi = {
  create: (body: WebhookCreateBody): Promise<Webhook> => api.POST('/api/webhook', { body }),
  update: (id: number, body: WebhookUpdateBody): Promise<Webhook> =>
    api.PUT('/api/webhook/{id}', { params: { path: { id } }, body }),
  remove: (id: number): Promise<null> => api.DELETE('/api/webhook/{id}', { params: { path: { id } } }),
  test: (id: number): Promise<WebhookDelivery> =>
    api.POST('/api/webhook/{id}/test', { params: { path: { id } } }),
  invalidate: (): Promise<void> => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
};
