import type { ReactElement } from 'react';
import { Collapse, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Perm, type FirmwareView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { fileSizeText } from '../../components/fileSize';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { DeleteButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { deleteFirmware, useFirmwarePage, useFirmwarePublicKey, type FirmwareFilters } from './api';
import { FirmwareUploadModal } from './FirmwareUploadModal';
import { FirmwareTestId } from './testIds';
import { DEVICE_TYPE_LABEL, DeviceTypeFilter } from '../../components/DeviceTypeFilter';

/** The public key loggers must trust, with its fingerprint and the vendor keys uploads may be signed with. */
function TrustedKey(): ReactElement | null {
  const { t } = useTranslation();
  const key = useFirmwarePublicKey();
  if (key.data === undefined) return null;
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'key',
          label: (
            <Space wrap>
              <span>{t('firmwareWeb.trustedKey')}</span>
              <Typography.Text code data-testid={FirmwareTestId.keyFingerprint}>
                {key.data.fingerprint}
              </Typography.Text>
              {key.data.vendorSignatureRequired && <Tag color="gold">{t('firmwareWeb.vendorOnly')}</Tag>}
            </Space>
          ),
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph type="secondary">{t('firmwareWeb.trustedKeyHint')}</Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: key.data.pem }} data-testid={FirmwareTestId.keyPem}>
                <pre style={{ margin: 0 }}>{key.data.pem}</pre>
              </Typography.Paragraph>
              {key.data.vendorKeys.map((vendor) => (
                <Typography.Text key={vendor.fingerprint}>
                  {t('firmwareWeb.vendorKey')}{' '}
                  <Typography.Text code copyable={{ text: vendor.pem }}>
                    {vendor.fingerprint}
                  </Typography.Text>
                </Typography.Text>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * Firmware release (`/operation/firmware`): the firmware library, newest first — device type, model (and
 * the models it also fits), version, file, size, SHA-256, who signed it, the oldest version it upgrades,
 * notes, when and by whom; filters by device type and text; upload (with its progress) and delete for the
 * roles that may; the platform's public key that loggers must trust.
 */
export function FirmwareReleasePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<FirmwareFilters>({ q: '' });
  const uploading = useEditTarget<never>();
  const images = useFirmwarePage(paging.page, filters);
  const remove = useRemove(
    (image: FirmwareView) => deleteFirmware(image.id),
    () => Promise.resolve(),
  );

  const columns: TableColumnsType<FirmwareView> = [
    {
      title: t('firmwareWeb.column.deviceType'),
      dataIndex: 'deviceType',
      render: (v: FirmwareView['deviceType']) => t(DEVICE_TYPE_LABEL[v]),
    },
    {
      title: t('firmwareWeb.column.model'),
      key: 'model',
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <span>{v.model}</span>
          {v.compatibleModels.length > 0 && (
            <Typography.Text type="secondary">
              {t('firmwareWeb.alsoFor', { models: v.compatibleModels.join(', ') })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('firmwareWeb.column.version'),
      key: 'version',
      render: (_, v) => <span data-testid={FirmwareTestId.rowVersion}>{v.version}</span>,
    },
    {
      title: t('firmwareWeb.column.minVersion'),
      dataIndex: 'minVersion',
      render: (v: string | null) => v ?? '-',
    },
    { title: t('firmwareWeb.column.file'), dataIndex: 'fileName' },
    { title: t('firmwareWeb.column.size'), dataIndex: 'size', render: (v: number) => fileSizeText(v) },
    {
      title: 'SHA-256',
      key: 'sha256',
      render: (_, v) => (
        <Tooltip title={v.sha256}>
          <Typography.Text code copyable={{ text: v.sha256 }} data-testid={FirmwareTestId.rowSha}>
            {v.sha256.slice(0, 12)}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('firmwareWeb.column.signedBy'),
      key: 'signedBy',
      render: (_, v) => (
        <Tooltip title={t('firmwareWeb.keyFingerprint', { fingerprint: v.keyFingerprint })}>
          <Tag
            color={v.signedBy === 'VENDOR' ? 'blue' : 'default'}
            data-testid={FirmwareTestId.rowSigner}
            data-signer={v.signedBy}
          >
            {t(v.signedBy === 'VENDOR' ? 'firmwareWeb.signer.vendor' : 'firmwareWeb.signer.platform')}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('firmwareWeb.column.notes'),
      dataIndex: 'notes',
      ellipsis: true,
      render: (v: string) => (v === '' ? '-' : v),
    },
    { title: t('firmwareWeb.column.uploaded'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    { title: t('firmwareWeb.column.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
    actionsColumn<FirmwareView>(t, (v) => (
      <Permitted codes={[Perm.firmwareDelete]}>
        <DeleteButton onConfirm={() => remove(v)} testId={FirmwareTestId.rowDelete} />
      </Permitted>
    )),
  ];

  return (
    <ListPageCard testId={FirmwareTestId.page} title={t(meta.title)}>
      <TrustedKey />
      <DataTable<FirmwareView>
        query={images}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={FirmwareTestId.table}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('firmwareWeb.searchPlaceholder'),
              maxLength: 64,
              onSearch: set('q'),
            }}
            create={{ perm: Perm.firmwareCreate, label: t('firmwareWeb.upload'), onClick: uploading.create }}
          >
            <DeviceTypeFilter
              placeholder={t('firmwareWeb.column.deviceType')}
              value={filters.deviceType}
              onChange={set('deviceType')}
            />
          </ListToolbar>
        }
      />
      <FirmwareUploadModal open={uploading.open} onClose={uploading.close} />
    </ListPageCard>
  );
}
