import type { ReactElement, ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../testids';

export interface ConfirmButtonProps {
  /** The question; defaults to SPEC §8 "Confirm deletion". */
  title?: string;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
  danger?: boolean;
  icon?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/**
 * A link-style action that asks first (every destructive action asks for confirmation). The popover stays
 * open with a spinner until the call settles, so a slow delete cannot be confirmed twice.
 */
export function ConfirmButton({
  title,
  onConfirm,
  children,
  danger = true,
  icon,
  disabled,
  testId,
}: ConfirmButtonProps): ReactElement {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title ?? t('common.confirmDeletion')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': TestId.confirmOk }}
      // antd shows the OK button loading while a returned promise runs; that is the point of returning it.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConfirm={() => onConfirm().catch(() => undefined)}
      disabled={disabled}
    >
      <Button type="link" size="small" danger={danger} icon={icon} disabled={disabled} data-testid={testId}>
        {children}
      </Button>
    </Popconfirm>
  );
}
