import type { ReactElement } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';

/**
 * A screen behind a menu entry whose capability a later step builds. It shows the route's title and says
 * plainly that the screen is not there yet; it never shows made-up data.
 */
export function PlaceholderPage({ meta, component }: PageProps): ReactElement {
  const { t } = useTranslation();
  const title = t(meta.title);
  return (
    <Card className="page-card" data-testid={TestId.placeholder} data-component={component}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {title}
      </Typography.Title>
      <Empty description={t('placeholder.arrivesLater', { title })} />
    </Card>
  );
}
