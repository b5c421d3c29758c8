import type { ReactElement } from 'react';
import { Tag } from 'antd';
import { CrownOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../lib/labels';
import { TestId } from '../testids';

export type BadgeKind = 'manage' | 'operations' | 'owner' | 'other';

/**
 * SPEC §6: ADMINISTRATOR and MANAGER show the manage icon in purple; DEVELOPER and DEPLOY the operations
 * icon in blue; USER the owner icon in green; anything else the owner icon in gray.
 */
export function badgeFor(roleType: string): { kind: BadgeKind; color: string } {
  switch (roleType) {
    case 'ADMINISTRATOR':
    case 'MANAGER':
      return { kind: 'manage', color: 'purple' };
    case 'DEVELOPER':
    case 'DEPLOY':
      return { kind: 'operations', color: 'blue' };
    case 'USER':
      return { kind: 'owner', color: 'green' };
    default:
      return { kind: 'other', color: 'default' };
  }
}

const ICON: Record<BadgeKind, () => ReactElement> = {
  manage: () => <CrownOutlined />,
  operations: () => <ToolOutlined />,
  owner: () => <UserOutlined />,
  other: () => <UserOutlined />,
};

export function RoleBadge({
  roleType,
  nameKey,
  name,
}: {
  roleType: string;
  nameKey: string;
  /** Shown when the key has no translation (roles users created carry their own name). */
  name?: string;
}): ReactElement {
  const { t } = useTranslation();
  const badge = badgeFor(roleType);
  return (
    <Tag
      className="role-badge"
      color={badge.color}
      icon={ICON[badge.kind]()}
      data-testid={TestId.roleBadge}
      data-kind={badge.kind}
    >
      {name === undefined ? t(nameKey) : roleLabel(t, { name, nameKey })}
    </Tag>
  );
}
