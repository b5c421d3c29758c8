import type { ReactElement } from 'react';
import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import type { ConfigData } from '@sunfleet/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';

const QR_SIZE = 148;

/** QR code of the download page, two store badges and the scan hint (SPEC §2). Loaded on first open. */
export function AppDownloadPanel({ download }: { download: ConfigData['appDownload'] }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="app-download" data-testid={TestId.appDownloadPanel}>
      <QRCodeSVG value={download.url} size={QR_SIZE} marginSize={2} title={t('auth.appDownload')} />
      <p className="app-download-hint">{t('auth.scanHint')}</p>
      <div className="store-badges">
        <a className="store-badge" href={download.android} target="_blank" rel="noopener noreferrer">
          <AndroidFilled />
          <span>
            <small>{t('auth.getItOn')}</small>
            <strong>{t('auth.googlePlay')}</strong>
          </span>
        </a>
        <a className="store-badge" href={download.ios} target="_blank" rel="noopener noreferrer">
          <AppleFilled />
          <span>
            <small>{t('auth.downloadOnThe')}</small>
            <strong>{t('auth.appStore')}</strong>
          </span>
        </a>
      </div>
    </div>
  );
}
