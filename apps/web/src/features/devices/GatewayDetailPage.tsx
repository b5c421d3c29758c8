import { useState, type ReactElement } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { GatewayLimits, Perm, type GatewayDevice } from '@sunfleet/contracts';
import { formatInZone, formatInZoneLabelled, zoneLabel } from '@sunfleet/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../lib/numberFormat';
import type { PageProps } from '../../lib/page';
import { FormModal } from '../../components/FormModal';
import { Permitted } from '../../components/Permitted';
import { useFormFill } from '../../components/useFormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { gatewayApi, invalidateDevices, useGateway, type GatewayDetail } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { FirmwareHistoryCard } from './components/FirmwareHistoryCard';
import { PacketLossCard } from './components/PacketLossCard';
import { StatusTag } from '../../components/StatusTag';
import { detailPathOf, stationDetailPath } from '../../lib/paths';

const nameOf = (gateway: GatewayDetail): { name: string } => ({ name: gateway.name ?? '' });

function RenameModal({
  gateway,
  open,
  onClose,
}: {
  gateway: GatewayDetail;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useFormFill(form, open, gateway, nameOf);
  const save = useMutation({
    mutationFn: (values: { name: string }) => gatewayApi.rename(gateway.id, values.name.trim()),
    onSuccess: async () => {
      showSuccessToast(t('RenameSucceeded'));
      await invalidateDevices();
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, ['name']),
  });
  return (
    <FormModal<{ name: string }>
      open={open}
      title={t('deviceWeb.rename')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.gatewayRenameForm}
    >
      <Form.Item
        name="name"
        label={t('deviceWeb.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.cannotBeBlank') },
          { max: GatewayLimits.nameMax, message: t('gateway.nameInvalid') },
        ]}
      >
        <Input maxLength={GatewayLimits.nameMax} data-testid={TestId.gatewayNameInput} />
      </Form.Item>
    </FormModal>
  );
}

function AttachedDevices({
  devices,
  timeZone,
}: {
  devices: readonly GatewayDevice[];
  timeZone: string;
}): ReactElement {
  const { t } = useTranslation();
  const columns: TableColumnsType<GatewayDevice> = [
    {
      title: t('deviceWeb.sn'),
      dataIndex: 'sn',
      render: (_: string, d) => {
        const path = detailPathOf(d.type, d.id, d.sn);
        return path === null ? d.sn : <Link to={path}>{d.sn}</Link>;
      },
    },
    { title: t('deviceWeb.deviceType'), dataIndex: 'type', render: (v: string) => t(`deviceWeb.type.${v}`) },
    { title: t('deviceWeb.model'), dataIndex: 'model' },
    { title: t('deviceWeb.unitId'), dataIndex: 'unitId' },
    {
      title: t('deviceWeb.status'),
      dataIndex: 'status',
      render: (s: GatewayDevice['status'], d) => (
        <StatusTag kind="device" status={s} rest={d.rest} testId={TestId.deviceStatus} />
      ),
    },
    {
      title: t('deviceWeb.lastSeenIn', { zone: zoneLabel(timeZone) }),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => formatInZone(v, timeZone),
    },
  ];
  return (
    <Card size="small" title={t('deviceWeb.attachedDevices')}>
      <Table<GatewayDevice>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...devices]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={TestId.gatewayDevices}
      />
    </Card>
  );
}

function GatewayView({ gateway }: { gateway: GatewayDetail }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [renaming, setRenaming] = useState(false);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, xl: 3 }}
        data-testid={TestId.gatewayHeader}
        items={[
          { key: 'sn', label: t('deviceWeb.sn'), children: gateway.sn },
          {
            key: 'name',
            label: t('deviceWeb.name'),
            children: (
              <Space size={4}>
                <span data-testid={TestId.gatewayName}>{gateway.name ?? '-'}</span>
                <Permitted codes={[Perm.gatewayUpdate]}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setRenaming(true)}
                    data-testid={TestId.gatewayRename}
                  >
                    {t('deviceWeb.rename')}
                  </Button>
                </Permitted>
              </Space>
            ),
          },
          {
            key: 'status',
            label: t('deviceWeb.status'),
            children: <StatusTag kind="gateway" status={gateway.status} testId={TestId.deviceStatus} />,
          },
          { key: 'mac', label: t('deviceWeb.mac'), children: gateway.mac ?? '-' },
          { key: 'type', label: t('deviceWeb.deviceType'), children: t('deviceWeb.type.GATEWAY') },
          { key: 'model', label: t('deviceWeb.model'), children: gateway.model },
          { key: 'firmware', label: t('deviceWeb.firmware'), children: gateway.firmware ?? '-' },
          {
            key: 'signal',
            label: t('deviceWeb.signal'),
            children: fmt.fixedUnit(gateway.signal, 0, 'dBm'),
          },
          {
            key: 'interval',
            label: t('deviceWeb.uploadInterval'),
            children: t('deviceWeb.seconds', { n: gateway.uploadInterval }),
          },
          {
            key: 'station',
            label: t('deviceWeb.station'),
            children:
              gateway.station === null ? (
                t('deviceWeb.unbound')
              ) : (
                <Link to={stationDetailPath(gateway.station.id, gateway.station.name)}>
                  {gateway.station.name}
                </Link>
              ),
          },
          {
            key: 'seen',
            label: t('deviceWeb.lastSeen'),
            children: (
              <span data-testid={TestId.deviceLastSeen}>
                {formatInZoneLabelled(gateway.lastSeenAt, gateway.timeZone)}
              </span>
            ),
          },
          {
            key: 'bound',
            label: t('deviceWeb.boundAt'),
            children: formatInZoneLabelled(gateway.boundAt, gateway.timeZone),
          },
          {
            key: 'dropped',
            label: <Tooltip title={t('deviceWeb.bufferDroppedHint')}>{t('deviceWeb.bufferDropped')}</Tooltip>,
            children: (
              <Typography.Text
                type={
                  gateway.bufferDropped !== null && gateway.bufferDropped.count > 0 ? 'warning' : undefined
                }
                data-testid={TestId.gatewayBufferDropped}
              >
                {gateway.bufferDropped === null
                  ? '-'
                  : t('deviceWeb.bufferDroppedValue', {
                      n: fmt.whole(gateway.bufferDropped.count),
                      at: formatInZoneLabelled(gateway.bufferDropped.at, gateway.timeZone),
                    })}
              </Typography.Text>
            ),
          },
        ]}
      />
      <AttachedDevices devices={gateway.devices} timeZone={gateway.timeZone} />
      <PacketLossCard gatewayId={gateway.id} />
      <FirmwareHistoryCard target={{ gatewayId: gateway.id }} />
      <RenameModal gateway={gateway} open={renaming} onClose={() => setRenaming(false)} />
    </Space>
  );
}

/**
 * Logger detail (`/gateway/detail/{id}`, tab titled with the SN): SN, MAC, type, model, firmware, signal,
 * upload interval, name with rename, the devices behind it (each linked to its page, batteries included),
 * packet loss by day, what its own buffer had to drop, and when it was last seen, in its station's zone.
 */
export function GatewayDetailPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const gateway = useGateway(id);
  return (
    <DetailFrame testId={TestId.gatewayDetailPage} title={t(meta.title)} query={gateway}>
      {(g) => <GatewayView gateway={g} />}
    </DetailFrame>
  );
}
