import type { ReactElement, ReactNode } from 'react';
import { Button, Dropdown, Modal, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { PermCode } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../testids';
import { usePermissionCheck } from './Permitted';

export interface MenuAction {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Offered only to roles holding this permission (the server refuses the call anyway). */
  perm: PermCode;
  /** On the item's label, so tests find the action once the menu is open. */
  testId: string;
  danger?: boolean;
  /** A plain action. */
  onClick?: () => void;
  /**
   * A destructive action: it asks first (default question SPEC §8 "Confirm deletion") and the dialog's OK
   * button spins until the call settles, so it cannot be confirmed twice. A failure is left to the
   * request layer's toast.
   */
  confirm?: { title?: string; run: () => Promise<unknown> };
}

/**
 * A row's or card's actions behind one icon button (a compact menu instead of a column of text links).
 * Actions the role does not hold are left out; with none left nothing is rendered. Clicks inside (the
 * button, the menu, the confirmation) do not reach the row or card around it, which may open on click.
 */
export function ActionsMenu({
  actions,
  testId,
}: {
  actions: readonly MenuAction[];
  /** On the icon button. */
  testId: string;
}): ReactElement | null {
  const { t } = useTranslation();
  const permitted = usePermissionCheck();
  const [modal, dialogs] = Modal.useModal();
  const shown = actions.filter((a) => permitted([a.perm]));
  if (shown.length === 0) return null;

  const items: MenuProps['items'] = shown.map((a) => ({
    key: a.key,
    icon: a.icon,
    danger: a.danger,
    label: <span data-testid={a.testId}>{a.label}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const action = shown.find((a) => a.key === key);
    if (action === undefined) return;
    const { confirm } = action;
    if (confirm === undefined) {
      action.onClick?.();
      return;
    }
    void modal.confirm({
      title: confirm.title ?? t('common.confirmDeletion'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': TestId.confirmOk },
      onOk: () => confirm.run().catch(() => undefined),
    });
  };
  return (
    // React events bubble along the component tree, out of the menu's and the dialog's portals too.
    <span className="actions-menu" onClick={(e) => e.stopPropagation()}>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('common.actions')}
          title={t('common.actions')}
          data-testid={testId}
        />
      </Dropdown>
      {dialogs}
    </span>
  );
}
