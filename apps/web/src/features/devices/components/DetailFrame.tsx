import type { ReactElement, ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { TestId } from '../../../testids';

/**
 * A detail page's frame: its title, then a skeleton while the object loads, what failed with a retry
 * (a missing or foreign id answers 4004, already toasted), or the page's content.
 */
export function DetailFrame<T>({
  testId,
  title,
  query,
  children,
}: {
  testId: string;
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.data !== undefined) body = children(query.data);
  else if (query.isError) body = <LoadFailed title={t('deviceWeb.loadFailed')} query={query} />;
  else body = <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Card className="page-card" data-testid={testId}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {title}
      </Typography.Title>
      {body}
    </Card>
  );
}

/** The numeric id of a detail route (`/device/detail/:id`), 0 when it is not a positive integer. */
export function routeId(value: string | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
