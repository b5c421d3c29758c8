import type { ReactElement } from 'react';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { useConfig } from '../../lib/sessionData';
import { TestId } from '../../testids';

const WEB_BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** Version information (SPEC §2): the server's version from `/api/config` and this web build. */
export function VersionPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <Card className="page-card" data-testid={TestId.version}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      {config.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('version.server')}>
            {config.data?.version ?? t('version.unavailable')}
          </Descriptions.Item>
          <Descriptions.Item label={t('version.webBuild')}>{WEB_BUILD}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
