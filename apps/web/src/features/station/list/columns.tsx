import type { ReactElement } from 'react';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { PowerMode } from '@sunfleet/domain';
import type { NumberFormat } from '../../../lib/numberFormat';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatLocalDateTime } from '../../../lib/time';
import { TestId } from '../../../testids';
import type { StationSummary } from '../api';
import { stationLocalDate } from '../create/stationForm';
import type { StationColumn } from './columnChoice';
import { StatusTag } from '../../../components/StatusTag';
import { STATION_TYPE_LABEL } from './labels';
import { stationDetailPath } from '../../../lib/paths';

type Column = TableColumnsType<StationSummary>[number];

/** Translation keys of the optional columns' titles (also the column chooser's labels). */
export const COLUMN_LABEL: Record<StationColumn, string> = {
  type: 'stationList.col.type',
  capacity: 'stationList.col.capacity',
  power: 'stationList.col.power',
  today: 'stationList.col.today',
  total: 'stationList.col.total',
  address: 'stationList.col.address',
  company: 'stationList.col.company',
  owner: 'stationList.col.owner',
  devices: 'stationList.col.devices',
  installedAt: 'stationList.col.installedAt',
  createdAt: 'stationList.col.createdAt',
};

const orDash = (v: string | null): string => (v === null || v === '' ? '-' : v);

/** Text cut with an ellipsis at the column's width (whole text on hover), so one long value cannot widen the table. */
function CutText({ text }: { text: string }): ReactElement {
  return (
    <span className="station-cell-cut" title={text}>
      {text}
    </span>
  );
}

function optionalColumn(t: TFunction, fmt: NumberFormat, key: StationColumn): Column {
  const title = t(COLUMN_LABEL[key]);
  switch (key) {
    case 'type':
      return { key, title, render: (_, s) => <CutText text={t(STATION_TYPE_LABEL[s.type])} /> };
    case 'capacity':
      return { key, title, align: 'right', render: (_, s) => fmt.powerText(s.capacityKwp, PowerMode.peak) };
    case 'power':
      return { key, title, align: 'right', render: (_, s) => fmt.powerText(s.powerKw) };
    case 'today':
      return { key, title, align: 'right', render: (_, s) => fmt.energyText(s.todayKwh) };
    case 'total':
      return { key, title, align: 'right', render: (_, s) => fmt.energyText(s.totalKwh) };
    case 'address':
      return { key, title, ellipsis: true, width: 220, render: (_, s) => orDash(s.address) };
    case 'company':
      return { key, title, render: (_, s) => <CutText text={s.companyName} /> };
    case 'owner':
      return { key, title, render: (_, s) => orDash(s.ownerUsername) };
    case 'devices':
      return {
        key,
        title,
        render: (_, s) => t('stationList.deviceCounts', { gateways: s.gatewayCount, devices: s.deviceCount }),
      };
    case 'installedAt':
      return {
        key,
        title,
        render: (_, s) => (s.installedAt === null ? '-' : stationLocalDate(s.installedAt, s.timeZone)),
      };
    case 'createdAt':
      return { key, title, render: (_, s) => formatLocalDateTime(s.createdAt) };
  }
}

function FollowStar({
  station,
  onToggle,
  t,
}: {
  station: StationSummary;
  onToggle: (station: StationSummary) => void;
  t: TFunction;
}): ReactElement {
  const label = t(station.concern ? 'stationList.unfollow' : 'stationList.follow');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={station.concern}
        icon={station.concern ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => onToggle(station)}
        data-testid={TestId.stationFollow}
      />
    </Tooltip>
  );
}

/** The name with its follow star and a link to the detail (the "Simulated" mark for the demo fleet). */
export function StationName({
  station,
  onToggleFollow,
  t,
}: {
  station: StationSummary;
  /** Absent for read-only sessions (guest): the star is not offered. */
  onToggleFollow: ((station: StationSummary) => void) | undefined;
  t: TFunction;
}): ReactElement {
  return (
    <span className="station-name-cell">
      {onToggleFollow !== undefined && <FollowStar station={station} onToggle={onToggleFollow} t={t} />}
      <Link
        to={stationDetailPath(station.id, station.name)}
        className="station-name-link"
        title={station.name}
        data-testid={TestId.stationRowName}
      >
        {station.name}
      </Link>
      {station.simulated && <Tag className="station-simulated">{t('stationList.simulated')}</Tag>}
    </span>
  );
}

/**
 * The name (kept in view on the left while the other columns scroll sideways), the status, then the
 * chosen columns.
 */
export function stationColumns(
  t: TFunction,
  /** The UI language's number formatter (useNumberFormat). */
  fmt: NumberFormat,
  chosen: readonly StationColumn[],
  /** Absent for read-only sessions (guest): the star is not offered. */
  onToggleFollow: ((station: StationSummary) => void) | undefined,
): TableColumnsType<StationSummary> {
  return [
    {
      key: 'name',
      title: t('stationList.col.name'),
      fixed: 'left',
      render: (_, s) => <StationName station={s} onToggleFollow={onToggleFollow} t={t} />,
    },
    {
      key: 'status',
      title: t('stationList.col.status'),
      render: (_, s) => <StatusTag kind="station" status={s.status} />,
    },
    ...chosen.map((key) => optionalColumn(t, fmt, key)),
  ];
}
