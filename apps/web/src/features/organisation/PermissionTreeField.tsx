import { useMemo, type ReactElement } from 'react';
import { Alert, Button, Empty, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { WILDCARD_PERMISSION } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { useInfo } from '../../lib/sessionData';
import { usePermissionTree, type PermissionNode } from './api';
import { canGrant, indexTree, selectAll, toggleCode, withGroupingAncestors } from './permissionTree';

export interface PermissionTreeFieldProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  enabled: boolean;
  /** Built-in roles: shown, not changed. */
  readOnly?: boolean;
}

/**
 * The checkable four-level permission tree of the role form (titles are translation keys). Nodes the
 * caller does not hold are greyed out: nobody can grant more than they have (the server refuses it too).
 */
export function PermissionTreeField({
  value = [],
  onChange,
  enabled,
  readOnly = false,
}: PermissionTreeFieldProps): ReactElement {
  const { t } = useTranslation();
  const tree = usePermissionTree(enabled);
  const held = useInfo(false).data?.perms ?? [];
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const shown = useMemo(() => withGroupingAncestors(index, value), [index, value]);

  const treeData = useMemo(() => {
    const map = (node: PermissionNode): TreeDataNode => ({
      key: node.code,
      title: (
        <span className={`perm-level-${String(node.level)}`} data-code={node.code}>
          {t(node.titleKey)}
        </span>
      ),
      disableCheckbox: readOnly || !canGrant(held, node.code),
      children: node.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data, held, t]);

  if (tree.isPending) return <Spin />;
  if (tree.isError) return <Alert type="warning" showIcon title={t('list.loadFailed')} />;
  if (treeData.length === 0) return <Empty description={t('TheDataDoesNotExist')} />;
  const change = (next: string[]): void => onChange?.(next);

  return (
    <div className="permission-tree" data-testid={TestId.permissionTree}>
      <Space className="permission-tree-actions">
        {!readOnly && (
          <>
            <Button size="small" onClick={() => change(selectAll(index, held, shown))}>
              {t('org.role.selectAll')}
            </Button>
            <Button size="small" onClick={() => change(value.filter((code) => !index.parent.has(code)))}>
              {t('org.role.selectNone')}
            </Button>
          </>
        )}
        {value.includes(WILDCARD_PERMISSION) && <Alert type="info" showIcon title={t('org.role.wildcard')} />}
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandedKeys={(tree.data ?? []).map((n) => n.code)}
        checkedKeys={{ checked: shown, halfChecked: [] }}
        onCheck={(_keys, info) => change(toggleCode(index, shown, String(info.node.key), info.checked))}
        treeData={treeData}
      />
    </div>
  );
}
