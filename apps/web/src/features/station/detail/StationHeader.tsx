import { useState, type ReactElement } from 'react';
import { Button, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { PowerMode } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { useInfo } from '../../../lib/sessionData';
import { useNumberFormat } from '../../../lib/numberFormat';
import { invalidateStation, stationDetailApi, type StationDetail } from '../detail-api';
import { StatusTag } from '../../../components/StatusTag';
import { STATION_TYPE_LABEL } from '../../../lib/labels';

/** Name, type, status, address and capacity of the station, with the follow star (SPEC §4 Follow). */
export function StationHeader({ station }: { station: StationDetail }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [pending, setPending] = useState(false);
  // The guest session is read-only (the server refuses its writes): the star only shows the state.
  const readOnly = useInfo(false).data?.guest !== false;

  const toggleFollow = async (): Promise<void> => {
    setPending(true);
    try {
      if (station.concern) await stationDetailApi.unfollow(station.id);
      else await stationDetailApi.follow(station.id);
      await invalidateStation(station.id);
    } catch {
      // the request layer has toasted the reason
    } finally {
      setPending(false);
    }
  };

  const followLabel = t(station.concern ? 'stationDetail.unfollow' : 'stationDetail.follow');
  return (
    <div data-testid={TestId.stationDetailHeader}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid={TestId.stationDetailName}>
          {station.name}
        </Typography.Title>
        <Tooltip title={followLabel}>
          <Button
            type="text"
            shape="circle"
            aria-label={followLabel}
            aria-pressed={station.concern}
            loading={pending}
            disabled={readOnly}
            onClick={() => void toggleFollow()}
            data-testid={TestId.stationDetailFollow}
            data-followed={String(station.concern)}
            icon={station.concern ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          />
        </Tooltip>
        <StatusTag kind="station" status={station.status} testId={TestId.stationDetailStatus} />
        <Tag data-testid={TestId.stationDetailType} data-type={station.type}>
          {t(STATION_TYPE_LABEL[station.type])}
        </Tag>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('stationDetail.address')}>{station.address ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('stationDetail.capacity')}>
          <span data-testid={TestId.stationDetailCapacity} data-raw={station.capacityKwp}>
            {fmt.powerText(station.capacityKwp, PowerMode.peak)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('stationDetail.company')}>{station.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('stationDetail.timeZone')}>{station.timeZone}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
