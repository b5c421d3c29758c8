// Calls of the platform documents screen (docs/documents.md; contracts api/documents.ts): the list, a
// document's versions, the roles for the visibility editor, uploads with their progress, details and
// visibility, delete, and downloads.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  DOCUMENT_VISIBLE_ALL,
  type DocumentRoleOption,
  type DocumentUpdateBody,
  type DocumentVersionView,
  type DocumentView,
} from '@sunfleet/contracts';
import type { PageData, PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api, download, postForm } from '../../lib/request';
import { saveFile } from '../../lib/saveFile';

export const documentKeys = {
  all: ['documents'] as const,
  page: (page: PageState, q: string) => ['documents', 'page', page, q] as const,
  versions: (id: string) => ['documents', 'versions', id] as const,
  roles: ['documents', 'roles'] as const,
};

const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: documentKeys.all });

export function useDocumentPage(page: PageState, q: string): UseQueryResult<PageData<DocumentView>> {
  return useQuery({
    queryKey: documentKeys.page(page, q),
    queryFn: () =>
      api.GET('/api/document/page', {
        params: { query: { ...page, ...(q.trim() === '' ? {} : { q: q.trim() }) } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentVersions(id: string): UseQueryResult<DocumentVersionView[]> {
  return useQuery({
    queryKey: documentKeys.versions(id),
    queryFn: () => api.GET('/api/document/{id}/versions', { params: { path: { id } } }),
  });
}

export function useDocumentRoles(enabled: boolean): UseQueryResult<DocumentRoleOption[]> {
  return useQuery({ queryKey: documentKeys.roles, queryFn: () => api.GET('/api/document/roles'), enabled });
}

/** What the upload form sends besides the file; `document` set = a new version of that document. */
export interface DocumentUploadValues {
  title?: string;
  description?: string;
  category?: string;
  visibleToAll?: boolean;
  roleIds?: number[];
  versionLabel?: string;
  notes?: string;
}

/** The multipart body: the text fields first (blank optional ones left out), then the file. */
export function documentForm(values: DocumentUploadValues, file: File, newDocument: boolean): FormData {
  const form = new FormData();
  const fields: [string, string | undefined][] = [
    ['versionLabel', values.versionLabel?.trim()],
    ['notes', values.notes?.trim()],
  ];
  if (newDocument)
    fields.unshift(
      ['title', values.title?.trim()],
      ['description', values.description?.trim()],
      ['category', values.category?.trim()],
      ['visibleTo', values.visibleToAll !== false ? DOCUMENT_VISIBLE_ALL : (values.roleIds ?? []).join(',')],
    );
  for (const [name, value] of fields) if (value !== undefined && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

export async function uploadDocument(
  values: DocumentUploadValues,
  file: File,
  documentId: string | null,
  onProgress: (fraction: number) => void,
): Promise<DocumentView> {
  const path = documentId === null ? '/api/document' : (`/api/document/${documentId}/version` as const);
  const document = (await postForm(
    path,
    documentForm(values, file, documentId === null),
    onProgress,
  )) as DocumentView;
  await refresh();
  return document;
}

export async function updateDocument(id: string, body: DocumentUpdateBody): Promise<DocumentView> {
  const document = await api.PUT('/api/document/{id}', { params: { path: { id } }, body });
  await refresh();
  return document;
}

export async function deleteDocument(id: string): Promise<void> {
  await api.DELETE('/api/document/{id}', { params: { path: { id } } });
  await refresh();
}

/** Saves a version's file (the current one without `versionId`). */
export async function downloadDocument(id: string, fallbackName: string, versionId?: string): Promise<void> {
  const file =
    versionId === undefined
      ? await download('/api/document/{id}/download', fallbackName, { params: { path: { id } } })
      : await download('/api/document/{id}/version/{versionId}/download', fallbackName, {
          params: { path: { id, versionId } },
        });
  saveFile(file);
}
