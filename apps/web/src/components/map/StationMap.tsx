import { useEffect, useRef, type ReactElement } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { STATION_STATUS_CODES } from '@sunfleet/contracts';
import { StatusDot, statusColor, statusLabelKey } from '../StatusTag';
import { viewFor, type MapPoint } from './mapModel';
import { useLeafletMap } from './useLeafletMap';
import './map.css';

export interface StationMapProps {
  points: readonly MapPoint[];
  height?: number | string;
  /** Called when a marker is clicked (e.g. to open the station). */
  onOpen?: (point: MapPoint) => void;
  testId?: string;
}

/** A tooltip label built as text, never as HTML: station names are user input. */
function textLabel(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/**
 * Stations on a Leaflet map, one circle per station coloured by status (online, abnormal, offline, other);
 * hovering shows the name, clicking calls `onOpen`. The view fits the stations whenever the set changes.
 */
export function StationMap({ points, height = 360, onOpen, testId }: StationMapProps): ReactElement {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, tiles } = useLeafletMap(container);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    if (map === undefined) return;
    const group = L.featureGroup();
    for (const point of points) {
      const marker = L.circleMarker([point.latitude, point.longitude], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: statusColor(point.status),
        fillOpacity: 0.95,
        className: `station-marker station-marker--${point.status}`,
      });
      marker.bindTooltip(textLabel(point.name), { direction: 'top', offset: [0, -6] });
      marker.on('click', () => onOpenRef.current?.(point));
      group.addLayer(marker);
    }
    group.addTo(map);
    const view = viewFor(points);
    if (view.kind === 'bounds')
      map.fitBounds(L.latLngBounds(view.corners), { padding: [32, 32], maxZoom: 12 });
    else map.setView(view.center, view.zoom);
    return () => {
      group.remove();
    };
  }, [map, points]);

  return (
    <div className="station-map-frame">
      <div
        ref={container}
        className={`station-map${tiles === 'tiles' || tiles === 'loading' ? '' : ' station-map--grid'}`}
        style={{ height }}
        data-testid={testId ?? TestId.stationMap}
        data-tiles={tiles}
        data-markers={points.length}
        role="region"
        aria-label={t('stationMap.label')}
      />
      {(tiles === 'none' || tiles === 'failed') && (
        <div className="station-map-note">
          {t(tiles === 'none' ? 'stationMap.noTiles' : 'stationMap.tilesFailed')}
        </div>
      )}
      <div className="station-map-legend">
        {STATION_STATUS_CODES.map((status) => (
          <span key={status} className="station-map-legend-item">
            <StatusDot status={status} />
            {t(statusLabelKey('station', status))}
          </span>
        ))}
      </div>
    </div>
  );
}
