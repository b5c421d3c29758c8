import { Fragment, type Key, type ReactElement, type ReactNode } from 'react';
import { Empty, Grid, Pagination, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageData, Paging } from '../lib/paging';
import { LoadFailed } from './LoadFailed';

export interface DataTableProps<T> {
  /** A paged list query, or a plain list query when `paging` is absent. */
  query: UseQueryResult<PageData<T>> | UseQueryResult<T[]>;
  columns: TableColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  paging?: Paging;
  testId: string;
  expandable?: TableProps<T>['expandable'];
  /** Shown above the table (filters, create button). */
  toolbar?: ReactNode;
  /**
   * On phones (narrower than antd's `md`, 768 px) each row as a card instead of a table row: a table of
   * many columns leaves a phone nothing readable. Same states and paging as the table.
   */
  card?: (row: T) => ReactNode;
  /** Row selection, row clicks, row classes and sorting of the table (the alarm list). */
  table?: Pick<TableProps<T>, 'rowSelection' | 'onRow' | 'rowClassName' | 'onChange'>;
}

function keyOf<T extends object>(row: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  const value: unknown = rowKey === undefined ? undefined : row[rowKey as keyof T];
  return typeof value === 'string' || typeof value === 'number' ? value : index;
}

function rowsOf<T>(data: PageData<T> | T[] | undefined): { list: T[]; total: number | undefined } {
  if (data === undefined) return { list: [], total: undefined };
  if (Array.isArray(data)) return { list: data, total: data.length };
  return { list: data.list, total: data.total };
}

/**
 * Every list screen's three states (ENGINEERING §4): loading (spinner over the table), error (what failed
 * and a retry; the request layer has already toasted the server's message) and empty (SPEC §8 "the data
 * does not exist" label). User text in cells is rendered by React, as text.
 */
export function DataTable<T extends object>({
  query,
  columns,
  rowKey,
  paging,
  testId,
  expandable,
  toolbar,
  card,
  table,
}: DataTableProps<T>): ReactElement {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { list, total } = rowsOf<T>(query.data);
  const failed = query.isError && query.data === undefined;
  const empty = <Empty description={t('TheDataDoesNotExist')} />;
  return (
    <div
      className="data-table"
      data-testid={testId}
      data-state={failed ? 'error' : query.isFetching ? 'loading' : 'ready'}
    >
      {toolbar !== undefined && <div className="list-toolbar">{toolbar}</div>}
      {failed ? (
        <LoadFailed title={t('list.loadFailed')} query={query} />
      ) : card !== undefined && screens.md === false ? (
        <Spin spinning={query.isFetching}>
          {list.length === 0 ? (
            empty
          ) : (
            <div className="data-cards">
              {list.map((row, index) => (
                <Fragment key={keyOf(row, index, rowKey)}>{card(row)}</Fragment>
              ))}
            </div>
          )}
          {paging !== undefined && (
            <Pagination className="data-cards-paging" size="small" {...paging.pagination(total)} />
          )}
        </Spin>
      ) : (
        <Table<T>
          size="middle"
          rowKey={rowKey}
          columns={columns}
          dataSource={list}
          loading={query.isFetching}
          expandable={expandable}
          pagination={paging === undefined ? false : paging.pagination(total)}
          locale={{ emptyText: empty }}
          scroll={{ x: 'max-content' }}
          {...table}
        />
      )}
    </div>
  );
}
