import { useRef, useState, type ReactElement } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { CopyOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Perm, RegistryLimits, type DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { Permitted, usePermitted } from '../../components/Permitted';
import { DeleteButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useListFilters } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { TestId } from '../../testids';
import {
  invalidateRegistry,
  protocolApi,
  useProtocols,
  type ProtocolFilters,
  type ProtocolSummary,
} from './api';
import { ProtocolEditor, type EditorTarget } from './ProtocolEditor';
import { useViewShown } from '../../lib/useViewShown';
import { DEVICE_TYPE_LABEL, DeviceTypeFilter } from '../../components/DeviceTypeFilter';

/**
 * Device protocol: the register maps devices are decoded with. Built-in definitions ship with Sunfleet
 * and are read-only; "Copy" starts a new definition from one. A definition a device model uses cannot be
 * deleted (the server refuses; the button is disabled with the reason).
 */
export function ProtocolListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<ProtocolFilters>({ keyword: '' });
  const [target, setTarget] = useState<EditorTarget>();
  const protocols = useProtocols(filters, paging.page);
  const canUpdate = usePermitted([Perm.deviceProtocolUpdate]);
  const frame = useRef<HTMLDivElement>(null);
  const shown = useViewShown(frame);

  const remove = useRemove((p: ProtocolSummary) => protocolApi.remove(p.id), invalidateRegistry);

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
    actionsColumn<ProtocolSummary>(t, (p) => {
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
              <DeleteButton
                onConfirm={() => remove(p)}
                testId={TestId.protocolDelete}
                disabled={p.modelCount > 0}
                reason={t('registry.protocol.inUse')}
              />
            )}
          </Permitted>
        </Space>
      );
    }),
  ];

  return (
    <div ref={frame}>
      <ListPage<ProtocolSummary>
        pageTestId={TestId.protocolPage}
        title={t(meta.title)}
        query={protocols}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.protocolTable}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('registry.protocol.searchPlaceholder'),
              maxLength: RegistryLimits.keywordMax,
              onSearch: set('keyword'),
            }}
            create={{
              perm: Perm.deviceProtocolUpdate,
              label: t('registry.protocol.create'),
              onClick: () => setTarget({ mode: 'create' }),
            }}
          >
            <DeviceTypeFilter
              placeholder={t('registry.protocol.deviceType')}
              value={filters.deviceType}
              onChange={set('deviceType')}
            />
          </ListToolbar>
        }
      >
        <ProtocolEditor
          target={target}
          shown={shown}
          onCopy={(id) => setTarget({ mode: 'copy', id })}
          onClose={() => setTarget(undefined)}
        />
      </ListPage>
    </div>
  );
}
