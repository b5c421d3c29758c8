import type { ReactElement } from 'react';
import { Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { useNumberFormat } from '../../../lib/numberFormat';
import type { WeatherData } from '../detail-api';
import { WeatherGlyph } from './WeatherGlyph';
import { weatherKind, weatherLabelKey } from './weatherIcons';

/**
 * The station's weather: the current reading (from its weather station, or the forecast service) and the
 * coming days, with where it comes from. Without either source it says that there is no weather data. A
 * sky the reading cannot tell (dawn and dusk, no irradiance) is said so in words, never shown as "?"; at
 * night the server names the moon's phase (docs/charts.md "Weather").
 */
export function WeatherCard({ data }: { data: WeatherData | undefined }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const current = data?.current ?? null;
  const kind = weatherKind(current?.code);
  const empty = data !== undefined && current === null && data.forecast.length === 0;
  const source = data === undefined || empty ? null : data.source;
  return (
    <Card
      size="small"
      title={t('stationDetail.weather.title')}
      loading={data === undefined}
      data-testid={TestId.stationDetailWeather}
      data-source={data?.source ?? ''}
      extra={
        source !== null && source !== 'NONE' ? (
          <Typography.Text type="secondary" data-testid={TestId.stationDetailWeatherSource}>
            {t(`stationDetail.weather.source.${source}`)}
          </Typography.Text>
        ) : undefined
      }
    >
      {empty ? (
        <Empty
          description={t('stationDetail.weather.none')}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid={TestId.stationDetailWeatherNone}
        />
      ) : (
        <Flex vertical gap={12}>
          {current !== null && (
            <Flex gap={12} align="center" wrap>
              {kind !== 'unknown' && <WeatherGlyph kind={kind} label={t(weatherLabelKey(kind))} size={48} />}
              <div>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {fmt.fixedUnit(current.temperatureC, 1, '°C')}
                </Typography.Title>
                <Typography.Text
                  type={kind === 'unknown' ? 'secondary' : undefined}
                  data-testid={TestId.stationDetailWeatherKind}
                  data-code={current.code}
                  data-kind={kind}
                >
                  {t(kind === 'unknown' ? 'stationDetail.weather.skyNotMeasured' : weatherLabelKey(kind))}
                </Typography.Text>
              </div>
              <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 160 }}>
                <Descriptions.Item label={t('stationDetail.weather.irradiance')}>
                  {fmt.fixedUnit(current.irradianceWm2, 1, 'W/m²')}
                </Descriptions.Item>
                <Descriptions.Item label={t('stationDetail.weather.wind')}>
                  {fmt.fixedUnit(current.windSpeedMs, 1, 'm/s')}
                </Descriptions.Item>
                <Descriptions.Item label={t('stationDetail.weather.humidity')}>
                  {fmt.fixedUnit(current.humidityPct, 1, '%')}
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
                    <Typography.Text type="secondary">{fmt.day(day.date)}</Typography.Text>
                    <WeatherGlyph kind={dayKind} label={t(weatherLabelKey(dayKind))} />
                    <Typography.Text>
                      {fmt.fixed(day.minC, 0)}° / {fmt.fixed(day.maxC, 0)}°
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
