import type { ReactElement, ReactNode } from 'react';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { PermCode } from '@sunfleet/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../lib/toast';
import { ConfirmButton } from './ConfirmButton';
import { Permitted } from './Permitted';

/** The last column of a list: the row's actions, kept in view when the table scrolls sideways. */
export function actionsColumn<T>(
  t: TFunction,
  render: (row: T) => ReactNode,
  fixed = true,
): TableColumnsType<T>[number] {
  return {
    title: t('common.actions'),
    key: 'actions',
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: T) => render(row),
  };
}

/**
 * A row's delete as the confirm button runs it: the call, the success toast, then the lists refetch. A
 * failure is left to the request layer's toast.
 */
export function useRemove<T>(
  remove: (row: T) => Promise<unknown>,
  invalidate: () => Promise<unknown>,
): (row: T) => Promise<void> {
  const { t } = useTranslation();
  return async (row) => {
    await remove(row);
    showSuccessToast(t('OperationSuccess'));
    await invalidate();
  };
}

export interface EditButtonProps {
  onClick: () => void;
  testId: string;
}

/** A row's "Edit" link. */
export function EditButton({ onClick, testId }: EditButtonProps): ReactElement {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick} data-testid={testId}>
      {t('common.edit')}
    </Button>
  );
}

export interface DeleteButtonProps {
  onConfirm: () => Promise<unknown>;
  testId: string;
  disabled?: boolean;
  /** Why the row cannot be deleted; with it the button sits in a tooltip that says so while disabled. */
  reason?: string;
}

/** A row's "Delete" link, asking for confirmation first. */
export function DeleteButton({ onConfirm, testId, disabled, reason }: DeleteButtonProps): ReactElement {
  const { t } = useTranslation();
  const button = (
    <ConfirmButton icon={<DeleteOutlined />} disabled={disabled} onConfirm={onConfirm} testId={testId}>
      {t('common.delete')}
    </ConfirmButton>
  );
  if (reason === undefined) return button;
  return (
    <Tooltip title={disabled === true ? reason : undefined}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** A row's "Edit" and "Delete", both shown only to roles holding `perm`. */
export function EditDeleteActions({
  perm,
  edit,
  remove,
}: {
  perm: PermCode;
  edit: EditButtonProps;
  remove: DeleteButtonProps;
}): ReactElement {
  return (
    <Permitted codes={[perm]}>
      <Space size={0}>
        <EditButton {...edit} />
        <DeleteButton {...remove} />
      </Space>
    </Permitted>
  );
}
