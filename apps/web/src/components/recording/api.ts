// Calls of fault recording (docs/recording.md; contracts api/recording.ts): an inverter's recordings
// (manual and automatic), one recording with its waveforms (read again while the inverter has not
// answered), starting one, and the CSV export.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { RecordingStartBody, RecordingView } from '@sunfleet/contracts';
import { FOLLOW_POLL_MS } from '../commands/api';
import type { PageData } from '../../lib/paging';
import { api, download, type DownloadedFile } from '../../lib/request';

export const recordingKeys = {
  all: ['recording'] as const,
  page: (deviceId: number, pageNum: number) => ['recording', 'page', deviceId, pageNum] as const,
  one: (id: number) => ['recording', 'one', id] as const,
};

export const RECORDING_PAGE_SIZE = 10;

export function useDeviceRecordings(
  deviceId: number,
  pageNum: number,
): UseQueryResult<PageData<RecordingView>> {
  return useQuery({
    queryKey: recordingKeys.page(deviceId, pageNum),
    queryFn: () =>
      api.GET('/api/recording/page', {
        params: { query: { deviceId, pageNum, pageSize: RECORDING_PAGE_SIZE } },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      (q.state.data?.list ?? []).some((r) => r.state === 'RECORDING') ? FOLLOW_POLL_MS : false,
  });
}

/** One recording with its waveforms; read again while the inverter has not answered. */
export function useRecording(id: number | null): UseQueryResult<RecordingView> {
  return useQuery({
    queryKey: recordingKeys.one(id ?? 0),
    queryFn: id === null ? skipToken : () => api.GET('/api/recording/{id}', { params: { path: { id } } }),
    refetchInterval: (q) => (q.state.data?.state === 'RECORDING' ? FOLLOW_POLL_MS : false),
  });
}

export function startRecording(body: RecordingStartBody): Promise<RecordingView> {
  return api.POST('/api/recording/start', { body });
}

export function exportRecording(id: number): Promise<DownloadedFile> {
  return download('/api/recording/{id}/export', `recording-${id}.csv`, { params: { path: { id } } });
}
