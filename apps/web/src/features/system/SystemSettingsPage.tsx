import type { ReactElement } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';
import { useCountryConfig } from './reference/countries';
import { useCurrencyConfig } from './reference/currencies';
import { ReferenceTab } from './reference/ReferenceTab';
import { useRegionConfig } from './reference/regions';
import { useTimeZoneConfig } from './reference/timeZones';
import { TranslationsTab } from './TranslationsTab';

/** System settings (SPEC §2): currencies, regions, time zones, countries and the translation table. */
export function SystemSettingsPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const currency = useCurrencyConfig();
  const region = useRegionConfig();
  const timeZone = useTimeZoneConfig();
  const country = useCountryConfig();
  return (
    <Card className="page-card" data-testid={TestId.systemSettings}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'currency',
            label: t('system.tab.currencies'),
            children: <ReferenceTab config={currency} />,
          },
          { key: 'region', label: t('system.tab.regions'), children: <ReferenceTab config={region} /> },
          { key: 'timezone', label: t('system.tab.timeZones'), children: <ReferenceTab config={timeZone} /> },
          { key: 'country', label: t('system.tab.countries'), children: <ReferenceTab config={country} /> },
          { key: 'translation', label: t('system.tab.translations'), children: <TranslationsTab /> },
        ]}
      />
    </Card>
  );
}
