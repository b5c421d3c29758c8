import type { ReactElement, ReactNode } from 'react';
import { Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PermCode } from '@sunfleet/contracts';
import { TestId } from '../testids';
import { Permitted } from './Permitted';

/** The frame of a management page: a card with the route's title above its table. */
export function ListPageCard({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <Card className="page-card" data-testid={testId}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}

/** The toolbar's create button, shown only to roles holding the permission. */
export function CreateButton({
  perm,
  label,
  onClick,
}: {
  perm: PermCode;
  label: string;
  onClick: () => void;
}): ReactElement {
  return (
    <Permitted codes={[perm]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={TestId.listCreate}>
        {label}
      </Button>
    </Permitted>
  );
}
