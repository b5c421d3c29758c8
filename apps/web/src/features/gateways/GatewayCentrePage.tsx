import { useState, type ReactElement } from 'react';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DisconnectOutlined, EditOutlined, ImportOutlined, KeyOutlined } from '@ant-design/icons';
import { GatewayLimits, Perm, type GatewayStatus } from '@sunfleet/contracts';
import { formatInZoneLabelled } from '@sunfleet/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import { Permitted, usePermissionCheck } from '../../components/Permitted';
import { actionsColumn } from '../../components/RowActions';
import { StationSelect } from '../../components/StationSelect';
import { StatusSelect, StatusTag } from '../../components/StatusTag';
import { useNumberFormat } from '../../lib/numberFormat';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { gatewayDetailPath, stationDetailPath } from '../../lib/paths';
import { showSuccessToast } from '../../lib/toast';
import {
  rotateSecret,
  unbindGateway,
  useGatewayPage,
  type GatewayCredentials,
  type GatewayFilters,
  type GatewayPageItem,
} from './api';
import { CredentialsModal } from './CredentialsModal';
import { ImportGatewaysModal } from './ImportGatewaysModal';
import { lossText, relativeAge, signalLevel } from './loggerText';
import { RegisterGatewayModal } from './RegisterGatewayModal';
import { RenameGatewayModal } from './RenameGatewayModal';
import { GatewayTestId } from './testIds';

const SIGNAL_COLOUR = { good: 'green', fair: 'gold', poor: 'red' } as const;

/** The credentials on show, and whether they come from a rotation. */
interface Shown {
  credentials: GatewayCredentials;
  rotated: boolean;
}

/**
 * Logger centre (`/gatewayCentre`, docs/loggers.md): the fleet's loggers in the caller's reach with status,
 * signal, firmware, last seen, station and packet loss; register one or import a file (gateway:register),
 * rotate a secret (gateway:register), rename (gateway:update), unbind (gateway:unbind). New credentials are
 * shown once.
 */
export function GatewayCentrePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const may = usePermissionCheck();
  const { paging, filters, set } = useListFilters<GatewayFilters>({});
  const query = useGatewayPage(filters, paging.page);
  const [registering, setRegistering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [renaming, setRenaming] = useState<GatewayPageItem | null>(null);
  const now = query.dataUpdatedAt || Date.now();

  const rotate = async (g: GatewayPageItem): Promise<void> => {
    const credentials = await rotateSecret(g.id);
    setShown({ credentials, rotated: true });
  };
  const unbind = async (g: GatewayPageItem): Promise<void> => {
    await unbindGateway(g.id);
    showSuccessToast(t('OperationSuccess'));
  };

  const columns: TableColumnsType<GatewayPageItem> = [
    {
      title: t('loggers.column.sn'),
      dataIndex: 'sn',
      render: (_: string, g) => (
        <Space orientation="vertical" size={0}>
          <Link to={gatewayDetailPath(g.id, g.sn)} data-testid={GatewayTestId.rowLink}>
            {g.sn}
          </Link>
          {g.name !== null && <Typography.Text type="secondary">{g.name}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('loggers.column.model'), dataIndex: 'model' },
    {
      title: t('loggers.column.status'),
      dataIndex: 'status',
      render: (s: GatewayStatus) => <StatusTag kind="gateway" status={s} testId={GatewayTestId.rowStatus} />,
    },
    {
      title: t('loggers.column.signal'),
      dataIndex: 'signal',
      render: (dbm: number | null) => {
        const level = signalLevel(dbm);
        return level === null ? (
          '-'
        ) : (
          <Tooltip title={t(`loggers.signal.${level}`)}>
            <Tag color={SIGNAL_COLOUR[level]}>{`${fmt.whole(dbm)} dBm`}</Tag>
          </Tooltip>
        );
      },
    },
    { title: t('loggers.column.firmware'), dataIndex: 'firmware', render: (v: string | null) => v ?? '-' },
    {
      title: t('loggers.column.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null, g) =>
        v === null ? (
          t('loggers.neverSeen')
        ) : (
          <Tooltip title={formatInZoneLabelled(v, g.timeZone)}>{relativeAge(v, now, fmt.locale)}</Tooltip>
        ),
    },
    {
      title: t('loggers.column.station'),
      dataIndex: 'stationName',
      render: (_: string | null, g) =>
        g.stationId === null ? (
          <Tag>{t('loggers.unbound')}</Tag>
        ) : (
          <Link to={stationDetailPath(g.stationId, g.stationName ?? '')}>{g.stationName}</Link>
        ),
    },
    { title: t('loggers.column.devices'), dataIndex: 'deviceCount' },
    {
      title: (
        <Tooltip title={t('loggers.column.lossHint')}>
          <span>{t('loggers.column.loss')}</span>
        </Tooltip>
      ),
      dataIndex: 'lossRate',
      render: (v: number | null) => (
        <span data-testid={GatewayTestId.rowLoss}>{lossText(v, (p) => fmt.fixedUnit(p, 1, '%'))}</span>
      ),
    },
  ];
  if (may([Perm.gatewayRegister, Perm.gatewayUnbind, Perm.gatewayUpdate]))
    columns.push(
      actionsColumn<GatewayPageItem>(t, (g) => (
        <Space size={0}>
          <Permitted codes={[Perm.gatewayUpdate]}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setRenaming(g)}
              data-testid={GatewayTestId.rowRename}
            >
              {t('loggers.renameAction')}
            </Button>
          </Permitted>
          <Permitted codes={[Perm.gatewayRegister]}>
            <ConfirmButton
              title={t('loggers.rotateConfirm', { sn: g.sn })}
              onConfirm={() => rotate(g)}
              icon={<KeyOutlined />}
              testId={GatewayTestId.rowRotate}
            >
              {t('loggers.rotate')}
            </ConfirmButton>
          </Permitted>
          {g.stationId !== null && (
            <Permitted codes={[Perm.gatewayUnbind]}>
              <ConfirmButton
                title={t('loggers.unbindConfirm', { sn: g.sn, station: g.stationName ?? '' })}
                onConfirm={() => unbind(g)}
                icon={<DisconnectOutlined />}
                testId={GatewayTestId.rowUnbind}
              >
                {t('loggers.unbind')}
              </ConfirmButton>
            </Permitted>
          )}
        </Space>
      )),
    );

  return (
    <ListPageCard testId={GatewayTestId.page} title={t(meta.title)}>
      <DataTable<GatewayPageItem>
        query={query}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={GatewayTestId.table}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('loggers.search'),
              onSearch: set('sn'),
              maxLength: GatewayLimits.keywordMax,
            }}
            create={{
              perm: Perm.gatewayRegister,
              label: t('loggers.register'),
              onClick: () => setRegistering(true),
            }}
          >
            <StatusSelect
              kind="gateway"
              value={filters.status}
              onChange={set('status')}
              placeholder={t('loggers.column.status')}
              testId={GatewayTestId.statusFilter}
            />
            <StationSelect
              value={filters.stationId}
              onChange={set('stationId')}
              testId={GatewayTestId.stationFilter}
            />
            <Permitted codes={[Perm.gatewayRegister]}>
              <Button
                icon={<ImportOutlined />}
                onClick={() => setImporting(true)}
                data-testid={GatewayTestId.import}
              >
                {t('loggers.import')}
              </Button>
            </Permitted>
          </ListToolbar>
        }
      />
      <RegisterGatewayModal
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(credentials) => setShown({ credentials, rotated: false })}
      />
      <RenameGatewayModal gateway={renaming} onClose={() => setRenaming(null)} />
      <ImportGatewaysModal open={importing} onClose={() => setImporting(false)} />
      <CredentialsModal
        credentials={shown?.credentials ?? null}
        rotated={shown?.rotated ?? false}
        onClose={() => setShown(null)}
      />
    </ListPageCard>
  );
}
