// Calls of the Comments and feedback screen (docs/feedback.md; contracts api/feedback.ts): the caller's own
// feedback or those in their scope, one feedback with its thread, sending feedback and messages (multipart,
// with progress), changing the state and deleting one's own.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  FeedbackDetail,
  FeedbackListScope,
  FeedbackState,
  FeedbackType,
  FeedbackView,
} from '@sunfleet/contracts';
import type { PageData, PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api, postForm } from '../../lib/request';
import { feedbackForm } from './feedbackForm';

export interface FeedbackFilters {
  state?: FeedbackState;
  type?: FeedbackType;
}

export const feedbackKeys = {
  all: ['feedback'] as const,
  page: (scope: FeedbackListScope, page: PageState, filters: FeedbackFilters) =>
    ['feedback', 'page', scope, page, filters] as const,
  one: (id: number) => ['feedback', 'one', id] as const,
};

export function useFeedbackPage(
  scope: FeedbackListScope,
  page: PageState,
  filters: FeedbackFilters,
): UseQueryResult<PageData<FeedbackView>> {
  return useQuery({
    queryKey: feedbackKeys.page(scope, page, filters),
    queryFn: () =>
      api.GET('/api/feedback/page', {
        params: {
          query: {
            ...page,
            scope,
            ...(filters.state === undefined ? {} : { state: filters.state }),
            ...(filters.type === undefined ? {} : { type: filters.type }),
          },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFeedback(id: number | null): UseQueryResult<FeedbackDetail> {
  return useQuery({
    queryKey: feedbackKeys.one(id ?? 0),
    queryFn: id === null ? skipToken : () => api.GET('/api/feedback/{id}', { params: { path: { id } } }),
  });
}

/** The URL of a screenshot (the session cookie goes with the image request). */
export const screenshotUrl = (id: number, fileId: string): string =>
  `/api/feedback/${id}/screenshot/${fileId}`;

function settled(detail: FeedbackDetail): FeedbackDetail {
  queryClient.setQueryData(feedbackKeys.one(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: [...feedbackKeys.all, 'page'] });
  return detail;
}

export async function sendFeedback(
  fields: { type: FeedbackType; text: string },
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<FeedbackDetail> {
  return settled(
    (await postForm('/api/feedback', feedbackForm(fields, files), onProgress)) as FeedbackDetail,
  );
}

export async function sendMessage(
  id: number,
  text: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<FeedbackDetail> {
  const path = `/api/feedback/${id}/message` as const;
  return settled((await postForm(path, feedbackForm({ text }, files), onProgress)) as FeedbackDetail);
}

export async function setFeedbackState(id: number, state: FeedbackState): Promise<FeedbackDetail> {
  return settled(await api.PUT('/api/feedback/{id}/state', { params: { path: { id } }, body: { state } }));
}

export async function deleteFeedback(id: number): Promise<void> {
  await api.DELETE('/api/feedback/{id}', { params: { path: { id } } });
  queryClient.removeQueries({ queryKey: feedbackKeys.one(id) });
  await queryClient.invalidateQueries({ queryKey: [...feedbackKeys.all, 'page'] });
}
