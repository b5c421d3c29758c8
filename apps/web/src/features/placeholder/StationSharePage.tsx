import type { ReactElement } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/AuthLayout';
import { TestId } from '../../testids';

/** The public station share view (SPEC §2) arrives with the station steps; the route exists already. */
export function StationSharePage(): ReactElement {
  const { t } = useTranslation();
  const title = t('share.title');
  return (
    <AuthLayout>
      <Card className="auth-card" data-testid={TestId.placeholder}>
        <Typography.Title level={4} data-testid={TestId.pageTitle}>
          {title}
        </Typography.Title>
        <Empty description={t('placeholder.arrivesLater', { title })} />
      </Card>
    </AuthLayout>
  );
}
