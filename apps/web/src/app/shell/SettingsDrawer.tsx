import type { ReactElement } from 'react';
import { Button, ColorPicker, Drawer, Switch } from 'antd';
import { Layout } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { DEFAULT_SETTINGS, updateSettings, useSettings, type ShellSettings } from '../state/settings';

const PRESETS = ['#1890ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#eb2f96', '#304156'];

type Toggle = Exclude<keyof ShellSettings, 'theme'>;
const TOGGLES: readonly { key: Toggle; label: string }[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
];

/** Settings drawer of SPEC §2: theme colour (applied to the antd theme), tags view, fixed header, logo. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} placement="right">
      <div className="settings-list" data-testid={TestId.settingsDrawer}>
        <div className="settings-row">
          <span>{t('settings.themeColor')}</span>
          <ColorPicker
            value={settings.theme}
            presets={[{ label: t('settings.themeColor'), colors: PRESETS }]}
            disabledAlpha
            onChangeComplete={(color) => updateSettings({ theme: color.toHexString() })}
          />
        </div>
        {TOGGLES.map((toggle) => (
          <label key={toggle.key} className="settings-row">
            <span>{t(toggle.label)}</span>
            <Switch
              checked={settings[toggle.key]}
              onChange={(checked) => updateSettings({ [toggle.key]: checked })}
            />
          </label>
        ))}
        <Button block onClick={() => updateSettings(DEFAULT_SETTINGS)}>
          {t('settings.reset')}
        </Button>
        <p className="settings-hint">{t('settings.hint', { color: Layout.defaultThemeColor })}</p>
      </div>
    </Drawer>
  );
}
