import { useCallback, useState, type ReactElement } from 'react';
import { Button, Input, Space, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm, RegistryLimits } from '@sunfleet/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { displayGroupApi, invalidateRegistry, useDisplayGroups, type DisplayGroup } from './api';
import { DisplayGroupFormModal } from './DisplayGroupFormModal';
import { nameOf } from './labels';

type Editing = { mode: 'create' } | { mode: 'edit'; group: DisplayGroup } | undefined;

/** Groups whose key, name key or translated name contains the keyword (case-insensitive). */
export function matchGroups(t: TFunction, groups: DisplayGroup[], keyword: string): DisplayGroup[] {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return groups;
  return groups.filter((g) =>
    [g.key, g.nameKey, nameOf(t, g.nameKey)].some((text) => text.toLowerCase().includes(needle)),
  );
}

/**
 * Display groups: the sections registers are shown in (AC, DC, battery…). The list is short and comes
 * whole, so the search filters in the page. A group a register map still uses cannot be deleted.
 */
export function DisplayGroupPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const select = useCallback((groups: DisplayGroup[]) => matchGroups(t, groups, keyword), [t, keyword]);
  const groups = useDisplayGroups(true, select);

  const remove = async (group: DisplayGroup): Promise<void> => {
    await displayGroupApi.remove(group.key);
    showSuccessToast(t('OperationSuccess'));
    await invalidateRegistry();
  };

  const columns: TableColumnsType<DisplayGroup> = [
    {
      title: t('registry.group.name'),
      key: 'name',
      render: (_, g) => <span data-testid={TestId.displayGroupRowName}>{nameOf(t, g.nameKey)}</span>,
    },
    { title: t('registry.group.key'), dataIndex: 'key' },
    { title: t('registry.group.nameKey'), dataIndex: 'nameKey' },
    { title: t('registry.group.sort'), dataIndex: 'sort' },
    { title: t('registry.group.registerCount'), dataIndex: 'registerCount' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, g) => (
        <Permitted codes={[Perm.displayGroupUpdate]}>
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'edit', group: g })}
              data-testid={TestId.displayGroupEdit}
            >
              {t('common.edit')}
            </Button>
            <Tooltip title={g.registerCount > 0 ? t('registry.group.inUse') : undefined}>
              <span>
                <ConfirmButton
                  icon={<DeleteOutlined />}
                  disabled={g.registerCount > 0}
                  onConfirm={() => remove(g)}
                  testId={TestId.displayGroupDelete}
                >
                  {t('common.delete')}
                </ConfirmButton>
              </span>
            </Tooltip>
          </Space>
        </Permitted>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        maxLength={RegistryLimits.keywordMax}
        placeholder={t('registry.group.searchPlaceholder')}
        onSearch={setKeyword}
        style={{ width: 260 }}
        data-testid={TestId.listKeyword}
      />
      <div className="list-toolbar-spacer" />
      <CreateButton
        perm={Perm.displayGroupUpdate}
        label={t('registry.group.create')}
        onClick={() => setEditing({ mode: 'create' })}
      />
    </>
  );

  return (
    <ListPageCard testId={TestId.displayGroupPage} title={t(meta.title)}>
      <DataTable<DisplayGroup>
        query={groups}
        columns={columns}
        rowKey="key"
        testId={TestId.displayGroupTable}
        toolbar={toolbar}
      />
      <DisplayGroupFormModal
        open={editing !== undefined}
        group={editing?.mode === 'edit' ? editing.group : undefined}
        onClose={() => setEditing(undefined)}
      />
    </ListPageCard>
  );
}
