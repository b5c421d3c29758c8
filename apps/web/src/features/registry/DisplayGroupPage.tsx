import { useCallback, useState, type ReactElement } from 'react';
import type { TableColumnsType } from 'antd';
import { Perm, RegistryLimits } from '@sunfleet/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { EditDeleteActions, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { displayGroupApi, invalidateRegistry, useDisplayGroups, type DisplayGroup } from './api';
import { DisplayGroupFormModal } from './DisplayGroupFormModal';
import { nameOf } from './labels';

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
  const editing = useEditTarget<DisplayGroup>();
  const select = useCallback((groups: DisplayGroup[]) => matchGroups(t, groups, keyword), [t, keyword]);
  const groups = useDisplayGroups(true, select);

  const remove = useRemove((group: DisplayGroup) => displayGroupApi.remove(group.key), invalidateRegistry);

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
    actionsColumn<DisplayGroup>(t, (g) => (
      <EditDeleteActions
        perm={Perm.displayGroupUpdate}
        edit={{ onClick: () => editing.edit(g), testId: TestId.displayGroupEdit }}
        remove={{
          onConfirm: () => remove(g),
          testId: TestId.displayGroupDelete,
          disabled: g.registerCount > 0,
          reason: t('registry.group.inUse'),
        }}
      />
    )),
  ];

  return (
    <ListPage<DisplayGroup>
      pageTestId={TestId.displayGroupPage}
      title={t(meta.title)}
      query={groups}
      columns={columns}
      rowKey="key"
      testId={TestId.displayGroupTable}
      toolbar={
        <ListToolbar
          search={{
            placeholder: t('registry.group.searchPlaceholder'),
            maxLength: RegistryLimits.keywordMax,
            onSearch: setKeyword,
          }}
          create={{
            perm: Perm.displayGroupUpdate,
            label: t('registry.group.create'),
            onClick: editing.create,
          }}
        />
      }
    >
      <DisplayGroupFormModal open={editing.open} group={editing.record} onClose={editing.close} />
    </ListPage>
  );
}
