import type { ReactElement } from 'react';
import { Card, Descriptions, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppDownloadPanel } from '../../components/auth-layout/AppDownloadPanel';
import { LoadFailed } from '../../components/LoadFailed';
import type { PageProps } from '../../lib/page';
import { useConfig } from '../../lib/sessionData';
import { formatLocalDateTime } from '../../lib/time';
import { TestId } from '../../testids';
import { useVersionInfo } from './api';
import { VersionTestId } from './testIds';

const WEB_BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/**
 * Version information (SPEC §2): the server's version, this web build, the database schema version (the
 * newest migration applied), the companion app's current download, and the changelog.
 */
export function VersionPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const config = useConfig();
  const info = useVersionInfo();
  const schema = info.data?.schema;
  return (
    <Card className="page-card" data-testid={TestId.version}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : info.isError ? (
        <LoadFailed title={t('version.loadFailed')} query={info} />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('version.server')}>{info.data.server}</Descriptions.Item>
          <Descriptions.Item label={t('version.webBuild')}>{WEB_BUILD}</Descriptions.Item>
          <Descriptions.Item label={t('version.schema')}>
            <Space wrap data-testid={VersionTestId.schema}>
              <Typography.Text code>{schema?.latest ?? t('version.unavailable')}</Typography.Text>
              {schema?.appliedAt != null && (
                <Typography.Text type="secondary">
                  {t('version.appliedAt', { at: formatLocalDateTime(schema.appliedAt) })}
                </Typography.Text>
              )}
              {schema !== undefined && schema.applied < schema.known && (
                <Tag color="red">{t('version.schemaBehind', { missing: schema.known - schema.applied })}</Tag>
              )}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      {config.data !== undefined && (
        <Card
          size="small"
          title={t('version.appDownload')}
          style={{ marginTop: 16 }}
          data-testid={VersionTestId.appDownload}
        >
          <Typography.Paragraph>
            <Typography.Link href={config.data.appDownload.url} target="_blank" rel="noopener noreferrer">
              {config.data.appDownload.url}
            </Typography.Link>
          </Typography.Paragraph>
          <AppDownloadPanel download={config.data.appDownload} />
        </Card>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('version.changelog')}
      </Typography.Title>
      {info.data !== undefined && (
        <Timeline
          data-testid={VersionTestId.changelog}
          items={info.data.changelog.map((entry) => ({
            key: entry.title,
            children: (
              <>
                <Typography.Text strong>{entry.title}</Typography.Text>
                {entry.date !== null && <Typography.Text type="secondary"> · {entry.date}</Typography.Text>}
                <ul>
                  {entry.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
