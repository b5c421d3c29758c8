import type { ReactElement } from 'react';
import type { TableColumnsType } from 'antd';
import { Perm, RegistryLimits, type DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { EditDeleteActions, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { useListFilters } from '../../lib/paging';
import { TestId } from '../../testids';
import { orNotSet } from '../../lib/labels';
import { deviceRuleApi, invalidateRegistry, useDeviceRules, type DeviceRule, type RuleFilters } from './api';
import { DeviceRuleFormModal } from './DeviceRuleFormModal';
import { DEVICE_TYPE_LABEL, DeviceTypeFilter } from '../../components/DeviceTypeFilter';

/** Device rules: which device model a serial number belongs to, by its prefix. */
export function DeviceRulePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<RuleFilters>({ keyword: '' });
  const editing = useEditTarget<DeviceRule>();
  const rules = useDeviceRules(filters, paging.page);
  const remove = useRemove((rule: DeviceRule) => deviceRuleApi.remove(rule.id), invalidateRegistry);

  const columns: TableColumnsType<DeviceRule> = [
    {
      title: t('registry.rule.snPrefix'),
      key: 'snPrefix',
      render: (_, r) => <span data-testid={TestId.deviceRuleRowPrefix}>{r.snPrefix}</span>,
    },
    { title: t('registry.rule.model'), dataIndex: 'model' },
    {
      title: t('registry.rule.deviceType'),
      dataIndex: 'deviceType',
      render: (v: DeviceType) => t(DEVICE_TYPE_LABEL[v]),
    },
    { title: t('registry.rule.remark'), dataIndex: 'remark', render: (v: string | null) => orNotSet(t, v) },
    actionsColumn<DeviceRule>(t, (r) => (
      <EditDeleteActions
        perm={Perm.deviceRuleUpdate}
        edit={{ onClick: () => editing.edit(r), testId: TestId.deviceRuleEdit }}
        remove={{ onConfirm: () => remove(r), testId: TestId.deviceRuleDelete }}
      />
    )),
  ];

  return (
    <ListPage<DeviceRule>
      pageTestId={TestId.deviceRulePage}
      title={t(meta.title)}
      query={rules}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.deviceRuleTable}
      toolbar={
        <ListToolbar
          search={{
            placeholder: t('registry.rule.searchPlaceholder'),
            maxLength: RegistryLimits.keywordMax,
            onSearch: set('keyword'),
          }}
          create={{ perm: Perm.deviceRuleUpdate, label: t('registry.rule.create'), onClick: editing.create }}
        >
          <DeviceTypeFilter
            placeholder={t('registry.rule.deviceType')}
            value={filters.deviceType}
            onChange={set('deviceType')}
          />
        </ListToolbar>
      }
    >
      <DeviceRuleFormModal open={editing.open} rule={editing.record} onClose={editing.close} />
    </ListPage>
  );
}
