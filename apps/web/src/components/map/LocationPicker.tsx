import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Input, List } from 'antd';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/sessionData';
import { showErrorToast } from '../../lib/toast';
import { TestId } from '../../testids';
import {
  geocoderSearchUrl,
  parseGeocoderHits,
  roundedPoint,
  validCoordinates,
  type Coordinates,
  type GeocoderHit,
} from './mapModel';
import { useLeafletMap } from './useLeafletMap';
import './map.css';

export interface LocationPickerProps {
  /** The coordinates typed or picked so far (either may be missing while typing). */
  value: Partial<Coordinates> | undefined;
  onPick: (point: Coordinates) => void;
  /** Called with the address of a geocoder hit the user chose. */
  onAddress?: (address: string) => void;
}

/**
 * The station form's map: clicking sets the coordinates, the marker follows typed coordinates, and with a
 * geocoder configured (`/api/config` map.geocoderUrl) an address search moves there. Without tiles the map
 * is a plain grid and the coordinates are simply typed into the form.
 */
export function LocationPicker({ value, onPick, onAddress }: LocationPickerProps): ReactElement {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, tiles } = useLeafletMap(container);
  const geocoderUrl = useConfig().data?.map.geocoderUrl ?? null;
  const [hits, setHits] = useState<GeocoderHit[]>();
  const [searching, setSearching] = useState(false);
  const markerRef = useRef<L.CircleMarker>(undefined);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    if (map === undefined) return;
    const onClick = (event: L.LeafletMouseEvent): void =>
      onPickRef.current(roundedPoint(event.latlng.lat, event.latlng.lng));
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  const lat = value?.latitude;
  const lng = value?.longitude;
  useEffect(() => {
    if (map === undefined) return;
    const point = { latitude: lat, longitude: lng };
    if (!validCoordinates(point)) {
      markerRef.current?.remove();
      markerRef.current = undefined;
      return;
    }
    const at: L.LatLngTuple = [point.latitude, point.longitude];
    if (markerRef.current === undefined) {
      markerRef.current = L.circleMarker(at, {
        radius: 9,
        color: '#ffffff',
        weight: 2,
        fillColor: '#1677ff',
        fillOpacity: 0.95,
        className: 'location-picker-marker',
      }).addTo(map);
      map.setView(at, Math.max(map.getZoom(), 10));
    } else {
      markerRef.current.setLatLng(at);
      if (!map.getBounds().contains(at)) map.panTo(at);
    }
  }, [map, lat, lng]);

  useEffect(
    () => () => {
      markerRef.current = undefined;
    },
    [map],
  );

  const search = async (query: string): Promise<void> => {
    if (geocoderUrl === null || query.trim() === '') {
      setHits(undefined);
      return;
    }
    setSearching(true);
    try {
      const response = await fetch(geocoderSearchUrl(geocoderUrl, query), {
        headers: { Accept: 'application/json' },
      });
      setHits(parseGeocoderHits(await response.json()));
    } catch {
      showErrorToast(t('stationForm.geocoderFailed'));
      setHits(undefined);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="station-map-frame">
      {geocoderUrl !== null && (
        <div className="location-picker-search">
          <Input.Search
            allowClear
            maxLength={255}
            loading={searching}
            placeholder={t('stationForm.addressSearch')}
            onSearch={(q) => void search(q)}
            data-testid={TestId.stationFormGeocoder}
          />
          {hits !== undefined && (
            <List<GeocoderHit>
              size="small"
              bordered
              dataSource={hits}
              locale={{ emptyText: t('TheDataDoesNotExist') }}
              renderItem={(hit) => (
                <List.Item
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    onPick(roundedPoint(hit.latitude, hit.longitude));
                    onAddress?.(hit.label.slice(0, 255));
                    setHits(undefined);
                  }}
                >
                  {hit.label}
                </List.Item>
              )}
            />
          )}
        </div>
      )}
      <div
        ref={container}
        className={`station-map${tiles === 'tiles' || tiles === 'loading' ? '' : ' station-map--grid'}`}
        style={{ height: 280, cursor: 'crosshair' }}
        data-testid={TestId.stationFormMap}
        data-tiles={tiles}
        role="region"
        aria-label={t('stationForm.mapLabel')}
      />
      <div className="station-map-note">
        {t(tiles === 'tiles' || tiles === 'loading' ? 'stationForm.mapHint' : 'stationForm.mapHintNoTiles')}
      </div>
    </div>
  );
}
