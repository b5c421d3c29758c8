import { useState, type ReactElement } from 'react';
import { Badge, Button, Input, Tooltip } from 'antd';
import {
  BellOutlined,
  FundProjectionScreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Perm, REVEAL_BIG_SCREEN_ROLE_ID, hasAnyPermission } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAlarmLive } from '../../lib/alarmLive';
import { useInfo, usePolledInfo } from '../../lib/sessionData';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Logo } from '../../components/Logo';
import { TestId } from '../../testids';
import { Paths } from '../../lib/paths';
import { toggleSidebar, useSidebar } from '../state/sidebar';
import { SearchDialog } from './SearchDialog';
import { SettingsDrawer } from './SettingsDrawer';
import { UserDropdown } from './UserDropdown';

/** SPEC §2/§6: role id 41 sees the big screen at /revealBigScreen, everyone else at /bigScreen. */
export function bigScreenPath(roleId: number): string {
  return roleId === REVEAL_BIG_SCREEN_ROLE_ID ? Paths.revealBigScreen : Paths.bigScreen;
}

/** The alarm list's path (navigation catalogue: component alarm/list). */
const ALARM_LIST_PATH = '/alarm';

/**
 * The bell: the caller's unread alarms (`unreadAlarmCount` of /api/info, kept current by the tab's alarm
 * stream — opened here — or polled while it is down, and read again after every alarm action), linking to
 * the alarm list. Shown to roles that see alarms.
 */
function AlarmBell(): ReactElement | null {
  const { t } = useTranslation();
  const info = usePolledInfo().data;
  const canSee = info !== undefined && hasAnyPermission(info.perms, [Perm.alarmView]);
  const stream = useAlarmLive(canSee);
  if (info === undefined || !canSee) return null;
  const count = info.unreadAlarmCount;
  const label = t('alarms.bell', { count });
  return (
    <Tooltip title={label}>
      <Link
        to={ALARM_LIST_PATH}
        aria-label={label}
        className="topbar-bell"
        data-testid={TestId.alarmBell}
        data-count={count}
        data-live={stream === 'live' ? 'true' : 'false'}
      >
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

/** Top bar of SPEC §2: logo, sidebar toggle, search, big screen, alarm bell, language, settings, user. */
export function TopBar(): ReactElement {
  const { t } = useTranslation();
  const { opened } = useSidebar();
  const info = useInfo(false).data;
  const location = useLocation();
  const navigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const canSeeBigScreen = info !== undefined && hasAnyPermission(info.perms, [Perm.bigScreen]);
  const openBigScreen = (): void => {
    if (info === undefined) return;
    const url = `${window.location.pathname}${window.location.search}#${bigScreenPath(info.roleId)}`;
    window.open(url, '_blank', 'noopener');
  };
  const softReload = (): void => {
    void navigate(`${Paths.redirect}${location.pathname}${location.search}`, { replace: true });
  };
  const brand = info?.brandUrl.thumbPath;

  return (
    <header className="topbar">
      <Link to={Paths.company} className="topbar-logo" data-testid={TestId.topbarLogo}>
        {brand !== null && brand !== undefined ? <img src={brand} alt="" height={32} /> : <Logo />}
      </Link>
      <Button
        type="text"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('shell.toggleSidebar')}
        title={t('shell.toggleSidebar')}
        data-testid={TestId.sidebarToggle}
      />
      {/* The click is taken around the box: on a phone the box is its icon alone and the text field
          inside has no width, so a tap lands on antd's wrapper, never on the field. */}
      <span className="topbar-search-trigger" onClick={() => setSearchOpen(true)}>
        <Input
          className="topbar-search"
          readOnly
          prefix={<SearchOutlined />}
          placeholder={t('shell.searchPlaceholder')}
          aria-label={t('shell.searchPlaceholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') setSearchOpen(true);
          }}
          data-testid={TestId.topbarSearch}
        />
      </span>
      <div className="topbar-spacer" />
      {canSeeBigScreen && (
        <Tooltip title={t('route.dataLargeScreen')}>
          <Button
            type="text"
            icon={<FundProjectionScreenOutlined />}
            onClick={openBigScreen}
            aria-label={t('route.dataLargeScreen')}
            data-testid={TestId.bigScreenLink}
          />
        </Tooltip>
      )}
      <AlarmBell />
      <LanguageSelect onSoftReload={softReload} showLabel={false} />
      <Button
        type="text"
        icon={<SettingOutlined />}
        onClick={() => setSettingsOpen(true)}
        aria-label={t('settings.title')}
        title={t('settings.title')}
        data-testid={TestId.settingsButton}
      />
      <UserDropdown />
      <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </header>
  );
}
