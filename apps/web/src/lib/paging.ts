import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

/** A page of a list as every Step 2a list endpoint answers it (contracts `Page(item)`). */
export interface PageData<T> {
  total: number;
  list: T[];
}

export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = ['10', '20', '50', '100'];

export interface PageState {
  pageNum: number;
  pageSize: number;
}

export interface Paging {
  page: PageState;
  /** Back to page 1 (after a filter change). */
  reset(): void;
  /** antd Table pagination bound to this state and the list's total. */
  pagination(total: number | undefined): TablePaginationConfig;
}

/** 1-based page number and size of a list screen, with a page-1 reset for new filters. */
export function usePaging(initialSize: number = DEFAULT_PAGE_SIZE): Paging {
  const [page, setPage] = useState<PageState>({ pageNum: 1, pageSize: initialSize });
  return {
    page,
    reset: () => setPage((p) => (p.pageNum === 1 ? p : { ...p, pageNum: 1 })),
    pagination: (total) => ({
      current: page.pageNum,
      pageSize: page.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      onChange: (pageNum, pageSize) =>
        setPage((p) => ({ pageNum: pageSize === p.pageSize ? pageNum : 1, pageSize })),
    }),
  };
}

export interface ListFilters<F> {
  paging: Paging;
  filters: F;
  /** A setter for one filter; a new value starts the list at page 1 again. */
  set: <K extends keyof F>(key: K) => (value: F[K]) => void;
}

/** A list screen's filters (keyword, selects…) and its paging, which a filter change sends back to page 1. */
export function useListFilters<F extends object>(initial: F): ListFilters<F> {
  const paging = usePaging();
  const [filters, setFilters] = useState<F>(initial);
  return {
    paging,
    filters,
    set: (key) => (value) => {
      setFilters((f) => ({ ...f, [key]: value }));
      paging.reset();
    },
  };
}

/** Drops empty strings and undefined from list filters, so they are not sent as query parameters. */
export function cleanFilters<T extends Record<string, unknown>>(filters: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(filters) as [keyof T, T[keyof T]][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? (value.trim() as T[keyof T]) : value;
  }
  return out;
}
