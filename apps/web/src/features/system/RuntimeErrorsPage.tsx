import type { ReactElement } from 'react';
import { Alert, Button, Descriptions, Empty, Skeleton, Tag, Typography, type TableColumnsType } from 'antd';
import { ClientErrorLimits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ListDrawer, useDrawerParam } from '../../components/ListDrawer';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { useClientError, useClientErrorPage, type ClientErrorGroup } from './errorsApi';
import { RuntimeErrorTestId } from './runtimeErrorTestIds';

/** One group: its figures and its newest occurrences with their stacks (as text, never as HTML). */
function ErrorDetail({ id }: { id: number }): ReactElement {
  const { t } = useTranslation();
  const group = useClientError(id);
  if (group.isPending) return <Skeleton active />;
  if (group.isError) return <Alert type="error" showIcon title={t('runtimeErrors.loadFailed')} />;
  const g = group.data;
  return (
    <div data-testid={RuntimeErrorTestId.detail}>
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('runtimeErrors.message')}>{g.message}</Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.frame')}>{g.frame ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.build')}>{g.build}</Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.count')}>{g.count}</Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.firstSeen')}>
          {formatLocalDateTime(g.firstSeenAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.lastSeen')}>
          {formatLocalDateTime(g.lastSeenAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('runtimeErrors.fingerprint')}>
          <Typography.Text code>{g.fingerprint.slice(0, 16)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>
        {t('runtimeErrors.samples', { count: ClientErrorLimits.samplesPerGroup })}
      </Typography.Title>
      {g.samples.length === 0 ? (
        <Empty />
      ) : (
        g.samples.map((s) => (
          <div key={s.id} style={{ marginBottom: 16 }}>
            <Typography.Text strong>{formatLocalDateTime(s.occurredAt)}</Typography.Text> <Tag>{s.route}</Tag>
            <Tag>{s.user ?? t('runtimeErrors.noUser')}</Tag>
            {s.userAgent !== null && (
              <Typography.Paragraph type="secondary">{s.userAgent}</Typography.Paragraph>
            )}
            <pre className="log-detail">{s.stack ?? s.message}</pre>
          </div>
        ))
      )}
    </div>
  );
}

/**
 * Runtime errors (`/system/errors`, runtimeError:view): the console's uncaught errors grouped by message,
 * first stack frame and build, the most recently seen first; a row opens its newest occurrences.
 */
export function RuntimeErrorsPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<{ q?: string }>({});
  const groups = useClientErrorPage(filters.q ?? '', paging.page);
  const drawer = useDrawerParam('error');

  const columns: TableColumnsType<ClientErrorGroup> = [
    {
      title: t('runtimeErrors.message'),
      dataIndex: 'message',
      ellipsis: true,
      render: (v: string, g) => (
        <Button
          type="link"
          size="small"
          onClick={() => drawer.open(String(g.id))}
          data-testid={RuntimeErrorTestId.open}
        >
          {v}
        </Button>
      ),
    },
    { title: t('runtimeErrors.kind'), dataIndex: 'kind', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('runtimeErrors.count'), dataIndex: 'count' },
    {
      title: t('runtimeErrors.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string) => formatLocalDateTime(v),
    },
    {
      title: t('runtimeErrors.firstSeen'),
      dataIndex: 'firstSeenAt',
      render: (v: string) => formatLocalDateTime(v),
    },
    { title: t('runtimeErrors.route'), dataIndex: 'lastRoute' },
    {
      title: t('runtimeErrors.user'),
      dataIndex: 'lastUser',
      render: (v: string | null) => v ?? t('runtimeErrors.noUser'),
    },
    { title: t('runtimeErrors.build'), dataIndex: 'build' },
  ];

  return (
    <ListPageCard testId={RuntimeErrorTestId.page} title={t(meta.title)}>
      <ListDrawer
        openId={drawer.openId}
        onClose={() => drawer.open(null)}
        title={t('runtimeErrors.detail')}
        width={760}
        detail={(id) => <ErrorDetail id={Number(id)} />}
        list={
          <DataTable<ClientErrorGroup>
            query={groups}
            columns={columns}
            rowKey="id"
            paging={paging}
            testId={RuntimeErrorTestId.table}
            toolbar={
              <ListToolbar
                search={{
                  placeholder: t('runtimeErrors.search'),
                  maxLength: ClientErrorLimits.keywordMax,
                  onSearch: set('q'),
                }}
              />
            }
          />
        }
      />
    </ListPageCard>
  );
}
