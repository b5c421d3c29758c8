import { useState, type ReactElement } from 'react';
import { Alert, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  API_KEY_HEADER,
  API_KEY_STATES,
  ApiKeyLimits,
  Perm,
  type ApiKeyCreated,
  type ApiKeyItem,
  type ApiKeyScope,
  type ApiKeyState,
} from '@sunfleet/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { actionsColumn } from '../../components/RowActions';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { revokeApiKey, useApiKeyPage, type ApiKeyFilters } from './api';
import { CreateApiKeyModal } from './CreateApiKeyModal';
import { KeyShownOnce } from './KeyShownOnce';
import { ApiKeyTestId } from './testIds';

const STATE_COLOR: Record<ApiKeyState, string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };
const when = (iso: string | null): string => (iso === null ? '-' : dayjs(iso).format('YYYY-MM-DD HH:mm'));

/** How a third-party system calls the API with a key: the header, an example and where the list is. */
function HowToCall(): ReactElement {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid={ApiKeyTestId.howTo}
      title={t('apiKey.howToTitle')}
      description={
        <Space orientation="vertical" size={4}>
          <span>{t('apiKey.howToHeader', { header: API_KEY_HEADER })}</span>
          <Typography.Text code copyable>
            {`curl -H "${API_KEY_HEADER}: ${ApiKeyLimits.prefix}…" ${origin}/api/station/list`}
          </Typography.Text>
          <span>
            {t('apiKey.howToDocs')}{' '}
            <Typography.Link href={`${origin}/api/docs`} target="_blank" rel="noreferrer">
              /api/docs
            </Typography.Link>
          </span>
        </Space>
      }
    />
  );
}

/**
 * Interface management (`/deviceConfig/interface`): the API keys of the companies in reach — name, company,
 * scopes, the key's last four characters, who created it and when, expiry, rate, last use and state; create
 * (the key is shown once) and revoke (confirmed) for the roles that may.
 */
export function ApiKeysPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<ApiKeyFilters>({ name: '' });
  const keys = useApiKeyPage(paging.page, filters);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const columns: TableColumnsType<ApiKeyItem> = [
    {
      title: t('apiKey.field.name'),
      key: 'name',
      render: (_, v) => <span data-testid={ApiKeyTestId.rowName}>{v.name}</span>,
    },
    { title: t('apiKey.field.company'), dataIndex: 'companyName' },
    {
      title: t('apiKey.field.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiKeyScope[]) => (
        <Space size={[0, 4]} wrap>
          {scopes.map((s) => (
            <Tag key={s} color={s === 'commands' ? 'orange' : 'blue'}>
              {t(`apiKey.scope.${s}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('apiKey.field.key'),
      dataIndex: 'hint',
      render: (hint: string) => (
        <Typography.Text
          code
          data-testid={ApiKeyTestId.rowHint}
        >{`${ApiKeyLimits.prefix}…${hint}`}</Typography.Text>
      ),
    },
    {
      title: t('apiKey.field.created'),
      key: 'created',
      responsive: ['lg'],
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <span>{when(v.createdAt)}</span>
          <Typography.Text type="secondary">{v.createdBy ?? '-'}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('apiKey.field.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v === null ? t('apiKey.never') : when(v)),
    },
    {
      title: t('apiKey.field.rateLimit'),
      dataIndex: 'rateLimitPerMinute',
      responsive: ['md'],
      render: (v: number) => t('apiKey.perMinute', { count: v }),
    },
    {
      title: t('apiKey.field.lastUsedAt'),
      key: 'lastUsed',
      responsive: ['md'],
      render: (_, v) =>
        v.lastUsedAt === null ? (
          t('apiKey.neverUsed')
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{when(v.lastUsedAt)}</span>
            <Typography.Text type="secondary">{v.lastUsedAddress ?? ''}</Typography.Text>
          </Space>
        ),
    },
    {
      title: t('apiKey.field.state'),
      dataIndex: 'state',
      render: (state: ApiKeyState) => (
        <Tag color={STATE_COLOR[state]} data-testid={ApiKeyTestId.rowState} data-state={state}>
          {t(`apiKey.state.${state}`)}
        </Tag>
      ),
    },
    actionsColumn<ApiKeyItem>(t, (v) =>
      v.state === 'REVOKED' ? null : (
        <Permitted codes={[Perm.interfaceUpdate]}>
          <ConfirmButton
            title={t('apiKey.revokeConfirm')}
            onConfirm={async () => {
              await revokeApiKey(v.id);
              showSuccessToast(t('apiKey.revoked'));
            }}
            testId={ApiKeyTestId.rowRevoke}
          >
            {t('apiKey.revoke')}
          </ConfirmButton>
        </Permitted>
      ),
    ),
  ];

  return (
    <ListPageCard testId={ApiKeyTestId.page} title={t(meta.title)}>
      <HowToCall />
      <DataTable<ApiKeyItem>
        query={keys}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={ApiKeyTestId.table}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('apiKey.searchPlaceholder'),
              maxLength: ApiKeyLimits.nameMax,
              onSearch: set('name'),
            }}
            create={{
              perm: Perm.interfaceUpdate,
              label: t('apiKey.create'),
              onClick: () => setCreating(true),
            }}
          >
            <Select<ApiKeyState>
              allowClear
              placeholder={t('apiKey.field.state')}
              style={{ width: 160 }}
              value={filters.state}
              onChange={set('state')}
              options={API_KEY_STATES.map((s) => ({ value: s, label: t(`apiKey.state.${s}`) }))}
              data-testid={ApiKeyTestId.stateFilter}
            />
          </ListToolbar>
        }
      />
      <CreateApiKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(next) => {
          setCreating(false);
          setCreated(next);
        }}
      />
      <KeyShownOnce created={created} onClose={() => setCreated(null)} />
    </ListPageCard>
  );
}
