import type { ReactElement } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';

/**
 * The fault-code catalogue's texts as the alarm rows may carry them (docs/alarms.md, fault-code
 * catalogue): all optional, so rows of a server without the catalogue show nothing here.
 */
export interface AlarmCatalogueFields {
  code: number;
  description?: string | null;
  cause?: string | null;
  handling?: string | null;
  /** False: the code is not in the catalogue for this device. */
  known?: boolean;
}

/**
 * The fault-code catalogue's section of the alarm drawer: "Unknown code" when the catalogue does not
 * know the code, its description, cause and handling steps when it does, nothing when the rows carry no
 * catalogue fields at all.
 */
export function AlarmCatalogue({ alarm }: { alarm: AlarmCatalogueFields }): ReactElement | null {
  const { t } = useTranslation();
  if (alarm.known === false)
    return (
      <div data-testid={TestId.alarmCatalogue} data-known="false">
        <Alert type="warning" showIcon title={t('alarms.catalogue.unknownCode', { code: alarm.code })} />
      </div>
    );
  const parts: [string, string | null | undefined][] = [
    ['alarms.catalogue.description', alarm.description],
    ['alarms.catalogue.cause', alarm.cause],
    ['alarms.catalogue.handling', alarm.handling],
  ];
  const sections = parts.flatMap(([key, text]) =>
    typeof text === 'string' && text.trim() !== '' ? [{ key, text }] : [],
  );
  if (sections.length === 0) return null;
  return (
    <div data-testid={TestId.alarmCatalogue} data-known="true">
      {sections.map(({ key, text }) => (
        <div key={key} className="alarm-catalogue-part">
          <Typography.Text strong>{t(key)}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 8 }}>
            {text}
          </Typography.Paragraph>
        </div>
      ))}
    </div>
  );
}
