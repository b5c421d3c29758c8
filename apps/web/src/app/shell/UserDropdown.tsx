import { useState, type ReactElement } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import {
  CaretDownOutlined,
  CheckOutlined,
  SwapOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MessageOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Layout } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout, useInfo } from '../../lib/sessionData';
import { loginPathFor } from '../../lib/request';
import { TestId } from '../../testids';
import { Paths } from '../../lib/paths';
import { roleLabel } from '../../lib/labels';
import { RoleBadge } from '../../components/RoleBadge';
import { switchRole } from './roleSwitch';

const ROLE_KEY_PREFIX = 'role:';

/** User dropdown of SPEC §2: avatar (to profile), name at 80 px with ellipsis, role badge, user menu. */
export function UserDropdown(): ReactElement | null {
  const { t } = useTranslation();
  const info = useInfo(false).data;
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  if (info === undefined) return null;

  const onLogout = async (): Promise<void> => {
    setLeaving(true);
    const back = `${location.pathname}${location.search}`;
    try {
      await logout();
    } finally {
      void navigate(loginPathFor(back), { replace: true });
    }
  };

  const onSwitchRole = async (roleId: number): Promise<void> => {
    if (roleId === info.roleId) return;
    setLeaving(true);
    try {
      await switchRole(roleId);
      void navigate(Paths.root, { replace: true });
    } finally {
      setLeaving(false);
    }
  };

  // SPEC §4: more than one role → a switcher; the active role is marked and not selectable.
  const roleItems: MenuProps['items'] =
    info.roles.length > 1
      ? [
          {
            key: 'switchRole',
            icon: <SwapOutlined />,
            label: <span data-testid={TestId.roleSwitch}>{t('shell.switchRole')}</span>,
            disabled: leaving,
            children: info.roles.map((role) => ({
              key: `${ROLE_KEY_PREFIX}${String(role.id)}`,
              icon: role.id === info.roleId ? <CheckOutlined /> : undefined,
              disabled: role.id === info.roleId,
              label: (
                <span data-testid={TestId.roleSwitchOption} data-role-id={role.id}>
                  {roleLabel(t, { name: role.name, nameKey: role.languageKey })}
                </span>
              ),
            })),
          },
          { type: 'divider' },
        ]
      : [];

  const items: MenuProps['items'] = [
    ...roleItems,
    { key: Paths.profile, icon: <UserOutlined />, label: t('route.profile') },
    { key: Paths.userSettings, icon: <SettingOutlined />, label: t('route.userSettings') },
    { key: Paths.softwareVersion, icon: <InfoCircleOutlined />, label: t('route.versionInformation') },
    { key: Paths.feedback, icon: <MessageOutlined />, label: t('route.feedback') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid={TestId.userMenuLogout}>{t('shell.logout')}</span>,
      disabled: leaving,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void onLogout();
    else if (key.startsWith(ROLE_KEY_PREFIX)) void onSwitchRole(Number(key.slice(ROLE_KEY_PREFIX.length)));
    else void navigate(key);
  };

  const avatar = info.avatarUrl.thumbPath;
  return (
    <div className="user-block">
      <Link to={Paths.profile} data-testid={TestId.userAvatar} aria-label={t('route.profile')}>
        <Avatar
          size="small"
          src={avatar ?? undefined}
          icon={avatar === null ? <UserOutlined /> : undefined}
        />
      </Link>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="user-trigger" data-testid={TestId.userDropdown}>
          <span
            className="user-name"
            style={{ maxWidth: Layout.userNameWidthPx }}
            title={info.username}
            data-testid={TestId.userName}
          >
            {info.username}
          </span>
          <CaretDownOutlined />
        </button>
      </Dropdown>
      <RoleBadge
        roleType={info.roleTypeEnum.key}
        nameKey={info.roleNameLang.languageKey}
        name={info.role.name}
      />
    </div>
  );
}
