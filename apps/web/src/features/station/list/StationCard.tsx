import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../lib/numberFormat';
import { useNavigate } from 'react-router';
import { StatusTag } from '../../../components/StatusTag';
import { stationDetailPath } from '../../../lib/paths';
import { TestId } from '../../../testids';
import type { StationSummary } from '../api';
import { COLUMN_LABEL, StationName } from './columns';

/**
 * A station on a phone, as the vendors' apps show one: name, status, power now and energy today. Tapping
 * the card opens the station; the star, the name link and the actions menu keep their own meaning.
 */
export function StationCard({
  station,
  onToggleFollow,
  actions,
}: {
  station: StationSummary;
  onToggleFollow: ((station: StationSummary) => void) | undefined;
  /** The actions menu (nothing for a role without actions). */
  actions: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const navigate = useNavigate();
  // The whole card is the tap target; keyboard and screen-reader users have the name's link.
  const onClick = (e: MouseEvent<HTMLDivElement>): void => {
    if (e.target instanceof Element && e.target.closest('a, button') !== null) return;
    void navigate(stationDetailPath(station.id, station.name));
  };
  return (
    <div className="station-card" onClick={onClick} data-testid={TestId.stationCard} data-id={station.id}>
      <div className="station-card-head">
        <StationName station={station} onToggleFollow={onToggleFollow} t={t} />
        {actions}
      </div>
      <div className="station-card-figures">
        <StatusTag kind="station" status={station.status} />
        <span className="station-card-figure">
          <span className="station-card-label">{t(COLUMN_LABEL.power)}</span>
          <span>{fmt.powerText(station.powerKw)}</span>
        </span>
        <span className="station-card-figure">
          <span className="station-card-label">{t(COLUMN_LABEL.today)}</span>
          <span>{fmt.energyText(station.todayKwh)}</span>
        </span>
      </div>
    </div>
  );
}
