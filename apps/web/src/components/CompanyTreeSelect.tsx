import { useMemo, type CSSProperties, type ReactElement } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CompanyTreeNode } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPE_LABEL } from '../lib/labels';
import { areaKeys } from '../lib/queryClient';
import { api } from '../lib/request';

/** GET /api/company/tree: the companies the caller may reach (organisation writes refresh it). */
export function useCompanyTree(enabled = true): UseQueryResult<CompanyTreeNode[]> {
  return useQuery({
    queryKey: [...areaKeys.org, 'companyTree'],
    queryFn: () => api.GET('/api/company/tree'),
    enabled,
  });
}

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

/** Ids of a node and everything under it (a company cannot move under itself). */
export function subtreeIds(nodes: readonly CompanyTreeNode[], rootId: number): Set<number> {
  const ids = new Set<number>();
  const collect = (node: CompanyTreeNode): void => {
    ids.add(node.id);
    node.children.forEach(collect);
  };
  const find = (list: readonly CompanyTreeNode[]): boolean =>
    list.some((node) => (node.id === rootId ? (collect(node), true) : find(node.children)));
  find(nodes);
  return ids;
}

export interface CompanyTreeSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** False greys a company out (wrong type for a parent, the company itself…). */
  selectable?: (node: CompanyTreeNode) => boolean;
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
  style?: CSSProperties;
  disabled?: boolean;
}

/** Picks a company from GET /api/company/tree: only the companies the caller may reach are in it. */
export function CompanyTreeSelect({
  value,
  onChange,
  selectable,
  allowClear,
  placeholder,
  testId,
  style,
  disabled,
}: CompanyTreeSelectProps): ReactElement {
  const { t } = useTranslation();
  const tree = useCompanyTree();
  const treeData = useMemo(() => {
    const map = (node: CompanyTreeNode): TreeOption => ({
      value: node.id,
      title: `${node.name} · ${t(COMPANY_TYPE_LABEL[node.type])}`,
      disabled: selectable !== undefined && !selectable(node),
      children: node.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data, selectable, t]);
  return (
    <TreeSelect<number>
      value={value}
      onChange={(next) => onChange?.(next)}
      treeData={treeData}
      loading={tree.isFetching}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      placeholder={placeholder}
      style={style}
      disabled={disabled}
      data-testid={testId}
      notFoundContent={t('TheDataDoesNotExist')}
    />
  );
}
