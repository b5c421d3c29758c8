import { useState, type ReactElement } from 'react';
import { Button, Input, Select, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { DeviceTypes, Perm, RegistryLimits, type DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { usePaging } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { orNotSet } from '../organisation/labels';
import { deviceRuleApi, invalidateRegistry, useDeviceRules, type DeviceRule } from './api';
import { DeviceRuleFormModal } from './DeviceRuleFormModal';
import { DEVICE_TYPE_LABEL } from './labels';

type Editing = { mode: 'create' } | { mode: 'edit'; rule: DeviceRule } | undefined;

/** Device rules: which device model a serial number belongs to, by its prefix. */
export function DeviceRulePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType | undefined>();
  const [editing, setEditing] = useState<Editing>();
  const rules = useDeviceRules({ keyword, deviceType }, paging.page);

  const remove = async (rule: DeviceRule): Promise<void> => {
    await deviceRuleApi.remove(rule.id);
    showSuccessToast(t('OperationSuccess'));
    await invalidateRegistry();
  };

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
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permitted codes={[Perm.deviceRuleUpdate]}>
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'edit', rule: r })}
              data-testid={TestId.deviceRuleEdit}
            >
              {t('common.edit')}
            </Button>
            <ConfirmButton
              icon={<DeleteOutlined />}
              onConfirm={() => remove(r)}
              testId={TestId.deviceRuleDelete}
            >
              {t('common.delete')}
            </ConfirmButton>
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
        placeholder={t('registry.rule.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 260 }}
        data-testid={TestId.listKeyword}
      />
      <Select<DeviceType>
        allowClear
        placeholder={t('registry.rule.deviceType')}
        value={deviceType}
        onChange={(value) => {
          setDeviceType(value);
          paging.reset();
        }}
        options={DeviceTypes.map((v) => ({ value: v, label: t(DEVICE_TYPE_LABEL[v]) }))}
        style={{ width: 180 }}
      />
      <div className="list-toolbar-spacer" />
      <CreateButton
        perm={Perm.deviceRuleUpdate}
        label={t('registry.rule.create')}
        onClick={() => setEditing({ mode: 'create' })}
      />
    </>
  );

  return (
    <ListPageCard testId={TestId.deviceRulePage} title={t(meta.title)}>
      <DataTable<DeviceRule>
        query={rules}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.deviceRuleTable}
        toolbar={toolbar}
      />
      <DeviceRuleFormModal
        open={editing !== undefined}
        rule={editing?.mode === 'edit' ? editing.rule : undefined}
        onClose={() => setEditing(undefined)}
      />
    </ListPageCard>
  );
}
