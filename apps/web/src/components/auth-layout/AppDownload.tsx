import { lazy, Suspense, type ReactElement } from 'react';
import { Button, Popover, Spin } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { ConfigData } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';

const AppDownloadPanel = lazy(() =>
  import('./AppDownloadPanel').then((m) => ({ default: m.AppDownloadPanel })),
);

/** App download button of the login header; the QR code library loads when the panel first opens. */
export function AppDownload({ download }: { download: ConfigData['appDownload'] }): ReactElement {
  const { t } = useTranslation();
  const panel = (
    <Suspense fallback={<Spin />}>
      <AppDownloadPanel download={download} />
    </Suspense>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight">
      <Button type="text" icon={<MobileOutlined />} data-testid={TestId.appDownloadButton}>
        <span className="header-label">{t('auth.appDownload')}</span>
      </Button>
    </Popover>
  );
}
