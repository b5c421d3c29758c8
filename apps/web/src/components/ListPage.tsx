import type { ReactElement, ReactNode } from 'react';
import { Button, Card, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PermCode } from '@sunfleet/contracts';
import { TestId } from '../testids';
import { DataTable, type DataTableProps } from './DataTable';
import { Permitted } from './Permitted';

/** The frame of a management page: a card with the route's title above its table. */
export function ListPageCard({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <Card className="page-card" data-testid={testId}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}

export interface ListPageProps<T> extends DataTableProps<T> {
  /** The card's test id (`testId` is the table's). */
  pageTestId: string;
  title: string;
  /** The page's modals and drawers. */
  children?: ReactNode;
}

/** A management page: the titled card around one list (toolbar, table and its states), then its dialogs. */
export function ListPage<T extends object>({
  pageTestId,
  title,
  children,
  ...table
}: ListPageProps<T>): ReactElement {
  return (
    <ListPageCard testId={pageTestId} title={title}>
      <DataTable<T> {...table} />
      {children}
    </ListPageCard>
  );
}

export interface CreateButtonProps {
  perm: PermCode;
  label: string;
  onClick: () => void;
}

/** The toolbar's create button, shown only to roles holding the permission. */
export function CreateButton({ perm, label, onClick }: CreateButtonProps): ReactElement {
  return (
    <Permitted codes={[perm]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={TestId.listCreate}>
        {label}
      </Button>
    </Permitted>
  );
}

export interface SearchBoxProps {
  placeholder: string;
  onSearch: (keyword: string) => void;
  maxLength?: number;
  width?: number;
  /** The keyword the list starts with (e.g. from the URL of a search's More link). */
  defaultValue?: string;
}

/** The toolbar's keyword search (runs on Enter or the search button; clearing it searches for all). */
export function SearchBox({
  placeholder,
  onSearch,
  maxLength,
  width = 260,
  defaultValue,
}: SearchBoxProps): ReactElement {
  return (
    <Input.Search
      allowClear
      defaultValue={defaultValue}
      maxLength={maxLength}
      placeholder={placeholder}
      onSearch={onSearch}
      style={{ width }}
      data-testid={TestId.listKeyword}
    />
  );
}

/** A list's toolbar: the keyword search, then the other filters (children), the create button at the end. */
export function ListToolbar({
  search,
  create,
  children,
}: {
  search: SearchBoxProps;
  create?: CreateButtonProps;
  children?: ReactNode;
}): ReactElement {
  return (
    <>
      <SearchBox {...search} />
      {children}
      <div className="list-toolbar-spacer" />
      {create !== undefined && <CreateButton {...create} />}
    </>
  );
}
