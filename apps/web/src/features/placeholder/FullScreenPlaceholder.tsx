import type { ReactElement } from 'react';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { Logo } from '../../components/Logo';
import { TestId } from '../../testids';

/** The big screen opens full-screen in its own tab; until its step lands it says so on a dark canvas. */
export function FullScreenPlaceholder({ meta, component }: PageProps): ReactElement {
  const { t } = useTranslation();
  const title = t(meta.title);
  return (
    <main className="full-screen-placeholder" data-testid={TestId.placeholder} data-component={component}>
      <Logo />
      <Typography.Title level={2} data-testid={TestId.pageTitle}>
        {title}
      </Typography.Title>
      <Empty description={t('placeholder.arrivesLater', { title })} />
    </main>
  );
}
