import type { ReactElement } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What failed to load, with a retry (the request layer has already toasted the server's message). The
 * retry spins while the query refetches.
 */
export function LoadFailed({
  title,
  query,
}: {
  title: string;
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('list.retry')}
        </Button>
      }
    />
  );
}
