import { useRef, useState, type ReactElement } from 'react';
import { Button, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { DeviceTypes, Perm, RegistryLimits, type DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { Permitted, usePermitted } from '../../components/Permitted';
import { usePaging } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { invalidateRegistry, protocolApi, useProtocols, type ProtocolSummary } from './api';
import { DEVICE_TYPE_LABEL } from './labels';
import { ProtocolEditor, type EditorTarget } from './ProtocolEditor';
import { useViewShown } from './useViewShown';

/**
 * Device protocol: the register maps devices are decoded with. Built-in definitions ship with Sunfleet
 * and are read-only; "Copy" starts a new definition from one. A definition a device model uses cannot be
 * deleted (the server refuses; the button is disabled with the reason).
 */
export function ProtocolListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType | undefined>();
  const [target, setTarget] = useState<EditorTarget>();
  const protocols = useProtocols({ keyword, deviceType }, paging.page);
  const canUpdate = usePermitted([Perm.deviceProtocolUpdate]);
  const frame = useRef<HTMLDivElement>(null);
  const shown = useViewShown(frame);

  const remove = async (p: ProtocolSummary): Promise<void> => {
    await protocolApi.remove(p.id);
    showSuccessToast(t('OperationSuccess'));
    await invalidateRegistry();
  };

  const columns: TableColumnsType<ProtocolSummary> = [
    {
      title: t('registry.protocol.name'),
      key: 'name',
      render: (_, p) => (
        <Space>
          <span data-testid={TestId.protocolRowName}>{p.name}</span>
          {p.builtIn && <Tag color="blue">{t('registry.protocol.builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('registry.protocol.code'), dataIndex: 'code' },
    {
      title: t('registry.protocol.deviceType'),
      dataIndex: 'deviceType',
      render: (v: DeviceType) => t(DEVICE_TYPE_LABEL[v]),
    },
    {
      title: t('registry.protocol.sunspecModels'),
      dataIndex: 'sunspecModels',
      render: (v: number[]) => v.map((m) => <Tag key={m}>{m}</Tag>),
    },
    { title: t('registry.protocol.registerCount'), dataIndex: 'registerCount' },
    { title: t('registry.protocol.modelCount'), dataIndex: 'modelCount' },
    { title: t('registry.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatLocalDateTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, p) => {
        const editable = canUpdate && !p.builtIn;
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              icon={editable ? <EditOutlined /> : <EyeOutlined />}
              onClick={() => setTarget({ mode: 'open', id: p.id })}
              data-testid={TestId.protocolOpen}
            >
              {editable ? t('common.edit') : t('registry.view')}
            </Button>
            <Permitted codes={[Perm.deviceProtocolUpdate]}>
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                onClick={() => setTarget({ mode: 'copy', id: p.id })}
                data-testid={TestId.protocolCopy}
              >
                {t('registry.protocol.copy')}
              </Button>
              {!p.builtIn && (
                <Tooltip title={p.modelCount > 0 ? t('registry.protocol.inUse') : undefined}>
                  <span>
                    <ConfirmButton
                      icon={<DeleteOutlined />}
                      disabled={p.modelCount > 0}
                      onConfirm={() => remove(p)}
                      testId={TestId.protocolDelete}
                    >
                      {t('common.delete')}
                    </ConfirmButton>
                  </span>
                </Tooltip>
              )}
            </Permitted>
          </Space>
        );
      },
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        maxLength={RegistryLimits.keywordMax}
        placeholder={t('registry.protocol.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 260 }}
        data-testid={TestId.listKeyword}
      />
      <Select<DeviceType>
        allowClear
        placeholder={t('registry.protocol.deviceType')}
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
        perm={Perm.deviceProtocolUpdate}
        label={t('registry.protocol.create')}
        onClick={() => setTarget({ mode: 'create' })}
      />
    </>
  );

  return (
    <div ref={frame}>
      <ListPageCard testId={TestId.protocolPage} title={t(meta.title)}>
        <DataTable<ProtocolSummary>
          query={protocols}
          columns={columns}
          rowKey="id"
          paging={paging}
          testId={TestId.protocolTable}
          toolbar={toolbar}
        />
        <ProtocolEditor
          target={target}
          shown={shown}
          onCopy={(id) => setTarget({ mode: 'copy', id })}
          onClose={() => setTarget(undefined)}
        />
      </ListPageCard>
    </div>
  );
}
