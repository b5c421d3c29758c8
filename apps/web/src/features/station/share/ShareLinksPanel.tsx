import { useState, type ReactElement } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Space,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, ShareLinkLimits, type ShareLinkState } from '@sunfleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataTable } from '../../../components/DataTable';
import { usePermitted } from '../../../components/Permitted';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import { useConfig } from '../../../lib/sessionData';
import { shareLinksApi, useShareLinks, type ShareLink } from './api';
import { shareAddress } from './shareAddress';

const STATE_COLOR: Record<ShareLinkState, string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };
const when = (iso: string | null): string => (iso === null ? '-' : dayjs(iso).format('YYYY-MM-DD HH:mm'));

interface CreateValues {
  title?: string;
  expiresAt?: Dayjs | null;
}

/** Creates a link: an optional title and an optional expiry in the future (empty = never expires). */
function CreateShareLinkModal({
  stationId,
  open,
  onClose,
}: {
  stationId: number;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const submit = async (): Promise<void> => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await shareLinksApi.create({
        stationId,
        title: values.title?.trim() === '' ? null : (values.title?.trim() ?? null),
        expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null,
      });
      await shareLinksApi.invalidate(stationId);
      form.resetFields();
      onClose();
    } catch {
      // The request layer has shown the server's message; the form stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('share.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': TestId.shareLinkSubmit }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid={TestId.shareLinkForm}>
        <Form.Item name="title" label={t('share.field.title')}>
          <Input maxLength={ShareLinkLimits.titleMax} data-testid={TestId.shareLinkTitle} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('share.field.expiresAt')} extra={t('share.field.expiresAtHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccessToast(done);
  } catch {
    showErrorToast(failed);
  }
}

/**
 * The share links of a station (station detail page): list with state, expiry and use count; create,
 * copy, revoke and delete (both confirmed). Shown only with the station:share permission.
 */
export function ShareLinksPanel({ stationId }: { stationId: number }): ReactElement | null {
  const { t } = useTranslation();
  const allowed = usePermitted([Perm.stationShare]);
  const publicUrl = useConfig().data?.publicUrl;
  const [creating, setCreating] = useState(false);
  const query = useShareLinks(stationId, allowed);
  if (!allowed) return null;

  const columns: TableColumnsType<ShareLink> = [
    {
      title: t('share.field.title'),
      dataIndex: 'title',
      render: (v: string | null) => v ?? '-',
      ellipsis: true,
    },
    {
      title: t('share.field.state'),
      dataIndex: 'state',
      render: (state: ShareLinkState) => (
        <Tag color={STATE_COLOR[state]} data-testid={TestId.shareLinkState} data-state={state}>
          {t(`share.state.${state}`)}
        </Tag>
      ),
    },
    {
      title: t('share.field.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v === null ? t('share.never') : when(v)),
    },
    { title: t('share.field.useCount'), dataIndex: 'useCount', responsive: ['md'] },
    { title: t('share.field.lastUsedAt'), dataIndex: 'lastUsedAt', render: when, responsive: ['lg'] },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: when, responsive: ['lg'] },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, link: ShareLink) => {
        const address = shareAddress(link, publicUrl, window.location);
        return (
          <Space size={0} wrap>
            <Tooltip title={address}>
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                disabled={link.state !== 'ACTIVE'}
                data-testid={TestId.shareLinkCopy}
                data-url={address}
                onClick={() => void copy(address, t('share.copied'), t('share.copyFailed'))}
              >
                {t('share.copy')}
              </Button>
            </Tooltip>
            <ConfirmButton
              title={t('share.revokeConfirm')}
              disabled={link.state === 'REVOKED'}
              testId={TestId.shareLinkRevoke}
              onConfirm={async () => {
                await shareLinksApi.update({ id: link.id, revoked: true });
                await shareLinksApi.invalidate(stationId);
              }}
            >
              {t('share.revoke')}
            </ConfirmButton>
            <ConfirmButton
              testId={TestId.shareLinkDelete}
              onConfirm={async () => {
                await shareLinksApi.remove(link.id);
                await shareLinksApi.invalidate(stationId);
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          </Space>
        );
      },
    },
  ];

  return (
    <Card size="small" title={t('share.links')} data-testid={TestId.shareLinksPanel}>
      <DataTable<ShareLink>
        query={query}
        columns={columns}
        rowKey="id"
        testId={TestId.shareLinksTable}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid={TestId.shareLinkCreate}
            onClick={() => setCreating(true)}
          >
            {t('share.create')}
          </Button>
        }
      />
      <CreateShareLinkModal stationId={stationId} open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
