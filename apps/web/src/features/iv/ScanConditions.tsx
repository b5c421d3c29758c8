import type { ReactElement } from 'react';
import { Alert, Descriptions, Space, Spin } from 'antd';
import { IvLimits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { LoadFailed } from '../../components/LoadFailed';
import { useNumberFormat } from '../../lib/numberFormat';
import { useIvConditions } from './api';
import { WARNING_TEXT, irradianceText, scanWarnings } from './ivText';
import { IvTestId } from './testIds';

/**
 * The station's irradiance now and its local time, with SPEC §9's warnings: below 600 W/m² or outside
 * 11:00–13:00 station time a scan says little. A warning only: the scan can still be sent.
 */
export function ScanConditions({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const query = useIvConditions(stationId);
  const c = query.data;
  let body: ReactElement;
  if (c === undefined)
    body = query.isError ? <LoadFailed title={t('ivWeb.conditionsFailed')} query={query} /> : <Spin />;
  else {
    const params = {
      min: fmt.fixedUnit(IvLimits.irradianceMin, 0, 'W/m²'),
      from: `${String(IvLimits.bestFromHour).padStart(2, '0')}:00`,
      to: `${String(IvLimits.bestToHour).padStart(2, '0')}:00`,
    };
    body = (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('ivWeb.irradianceNow')}>
            <span data-testid={IvTestId.irradiance}>
              {c.irradiance === null
                ? t('ivWeb.irradianceNone')
                : `${irradianceText(c.irradiance, fmt)} (${epochText(c.measuredAt)})`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('ivWeb.localTime')}>
            <span data-testid={IvTestId.localTime}>{`${c.localTime} (${c.timeZone})`}</span>
          </Descriptions.Item>
        </Descriptions>
        {scanWarnings(c).map((w) => (
          <Alert
            key={w}
            type="warning"
            showIcon
            title={t(WARNING_TEXT[w], params)}
            data-testid={IvTestId.warning}
            data-warning={w}
          />
        ))}
      </Space>
    );
  }
  return (
    <div
      data-testid={IvTestId.conditions}
      data-state={c !== undefined ? 'ready' : query.isError ? 'error' : 'loading'}
    >
      {body}
    </div>
  );
}
