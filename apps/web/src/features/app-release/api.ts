// Calls of the app release screen (docs/app-release.md; contracts api/app-release.ts): the list, a new
// release (package upload with its progress, or a store link), publish, unpublish, delete, and the package.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AppPlatform, AppReleaseView } from '@sunfleet/contracts';
import type { PageData, PageState } from '../../lib/paging';

import { api, download, postForm } from '../../lib/request';
import { saveFile } from '../../lib/saveFile';
import { configKey, queryClient } from '../../lib/queryClient';

export const appReleaseKeys = {
  all: ['appRelease'] as const,
  page: (page: PageState, platform: AppPlatform | undefined) =>
    ['appRelease', 'page', page, platform ?? ''] as const,
};

/** A change of releases changes what the login page links to (/api/config appDownload) as well. */
async function refresh(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: appReleaseKeys.all }),
    queryClient.invalidateQueries({ queryKey: configKey }),
  ]);
}

export function useAppReleases(
  page: PageState,
  platform: AppPlatform | undefined,
): UseQueryResult<PageData<AppReleaseView>> {
  return useQuery({
    queryKey: appReleaseKeys.page(page, platform),
    queryFn: () =>
      api.GET('/api/appRelease/page', {
        params: { query: platform === undefined ? page : { ...page, platform } },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface AppReleaseValues {
  platform: AppPlatform;
  version: string;
  notes?: string;
  source: 'FILE' | 'STORE';
  storeUrl?: string;
  publish?: boolean;
}

/** The multipart body: the fields, then the package (file releases) or the store link. */
export function appReleaseForm(values: AppReleaseValues, file: File | undefined): FormData {
  const form = new FormData();
  form.append('platform', values.platform);
  form.append('version', values.version.trim());
  const notes = values.notes?.trim() ?? '';
  if (notes !== '') form.append('notes', notes);
  form.append('publish', values.publish === true ? 'true' : 'false');
  if (values.source === 'STORE') form.append('storeUrl', values.storeUrl?.trim() ?? '');
  else if (file !== undefined) form.append('file', file, file.name);
  return form;
}

export async function createAppRelease(
  values: AppReleaseValues,
  file: File | undefined,
  onProgress: (fraction: number) => void,
): Promise<AppReleaseView> {
  const release = (await postForm(
    '/api/appRelease',
    appReleaseForm(values, file),
    onProgress,
  )) as AppReleaseView;
  await refresh();
  return release;
}

export async function setPublished(id: string, published: boolean): Promise<void> {
  if (published) await api.POST('/api/appRelease/{id}/publish', { params: { path: { id } } });
  else await api.POST('/api/appRelease/{id}/unpublish', { params: { path: { id } } });
  await refresh();
}

export async function deleteAppRelease(id: string): Promise<void> {
  await api.DELETE('/api/appRelease/{id}', { params: { path: { id } } });
  await refresh();
}

export async function downloadPackage(release: AppReleaseView): Promise<void> {
  saveFile(
    await download('/api/appRelease/{id}/file', release.fileName ?? 'app.apk', {
      params: { path: { id: release.id } },
    }),
  );
}
