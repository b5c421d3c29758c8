import type { ReactElement } from 'react';
import { Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { toFixedDecimals } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import type { WeatherData } from '../detail-api';
import { WeatherGlyph } from './WeatherGlyph';
import { weatherKind, weatherLabelKey } from './weatherIcons';

const oneDecimal = (value: number | null, unit: string): string =>
  value === null ? '-' : `${toFixedDecimals(value, 1)} ${unit}`;

/**
 * The station's weather: the current reading (from its weather station, or the forecast service) and the
 * coming days. Without either source it says that no weather is available.
 */
export function WeatherCard({ data }: { data: WeatherData | undefined }): ReactElement {
  const { t } = useTranslation();
  const current = data?.current ?? null;
  const kind = weatherKind(current?.code);
  const empty = data !== undefined && current === null && data.forecast.length === 0;
  return (
    <Card
      size="small"
      title={t('stationDetail.weather.title')}
      loading={data === undefined}
      data-testid={TestId.stationDetailWeather}
      data-source={data?.source ?? ''}
      extra={
        data !== undefined && data.source !== 'NONE' ? (
          <Typography.Text type="secondary">
            {t(`stationDetail.weather.source.${data.source}`)}
          </Typography.Text>
        ) : undefined
      }
    >
      {empty ? (
        <Empty description={t('stationDetail.weather.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex vertical gap={12}>
          {current !== null && (
            <Flex gap={12} align="center" wrap>
              <WeatherGlyph kind={kind} label={t(weatherLabelKey(kind))} size={48} />
              <div>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {oneDecimal(current.temperatureC, '°C')}
                </Typography.Title>
                <Typography.Text data-testid={TestId.stationDetailWeatherKind} data-code={current.code}>
                  {t(weatherLabelKey(kind))}
                </Typography.Text>
              </div>
              <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 160 }}>
                <Descriptions.Item label={t('stationDetail.weather.irradiance')}>
                  {oneDecimal(current.irradianceWm2, 'W/m²')}
                </Descriptions.Item>
                <Descriptions.Item label={t('stationDetail.weather.wind')}>
                  {oneDecimal(current.windSpeedMs, 'm/s')}
                </Descriptions.Item>
                <Descriptions.Item label={t('stationDetail.weather.humidity')}>
                  {oneDecimal(current.humidityPct, '%')}
                </Descriptions.Item>
              </Descriptions>
            </Flex>
          )}
          {data !== undefined && data.forecast.length > 0 && (
            <Flex gap={8} wrap>
              {data.forecast.map((day) => {
                const dayKind = weatherKind(day.code);
                return (
                  <Flex key={day.date} vertical align="center" style={{ minWidth: 64 }}>
                    <Typography.Text type="secondary">{day.date.slice(5)}</Typography.Text>
                    <WeatherGlyph kind={dayKind} label={t(weatherLabelKey(dayKind))} />
                    <Typography.Text>
                      {toFixedDecimals(day.minC, 0)}° / {toFixedDecimals(day.maxC, 0)}°
                    </Typography.Text>
                  </Flex>
                );
              })}
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
