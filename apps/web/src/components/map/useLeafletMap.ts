import { useEffect, useRef, useState, type RefObject } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useConfig } from '../../lib/sessionData';
import { WORLD_VIEW } from './mapModel';

/** Where the map's background comes from: configured tiles, none configured, or tiles that failed. */
export type TileState = 'loading' | 'tiles' | 'none' | 'failed';

/** Light lines every 30° so a map without tiles still shows where things are relative to each other. */
function addGraticule(map: L.Map): L.LayerGroup {
  const group = L.layerGroup();
  const style: L.PolylineOptions = { color: '#bfbfbf', weight: 1, interactive: false };
  for (let lng = -180; lng <= 180; lng += 30)
    L.polyline(
      [
        [-85, lng],
        [85, lng],
      ],
      style,
    ).addTo(group);
  for (let lat = -60; lat <= 60; lat += 30)
    L.polyline(
      [
        [lat, -180],
        [lat, 180],
      ],
      style,
    ).addTo(group);
  return group.addTo(map);
}

export interface LeafletMap {
  map: L.Map | undefined;
  tiles: TileState;
}

/**
 * A Leaflet map in `container` with the tiles of `/api/config` (`map.tileUrl`). With no tile URL, or when
 * tiles cannot be loaded (offline site, blocked provider), the map falls back to a plain grid: markers,
 * panning, zooming and picking keep working. The map follows its container's size (kept-alive tabs are
 * hidden and shown again).
 */
export function useLeafletMap(container: RefObject<HTMLDivElement | null>): LeafletMap {
  const config = useConfig();
  const [map, setMap] = useState<L.Map>();
  const [tiles, setTiles] = useState<TileState>('loading');
  const configured = config.data?.map;
  const ready = config.data !== undefined || config.isError;
  const tileUrl = configured?.tileUrl ?? null;
  const attribution = configured?.attribution ?? '';
  const mapRef = useRef<L.Map>(undefined);

  useEffect(() => {
    const element = container.current;
    if (element === null || !ready) return;
    const created = L.map(element, {
      center: [...WORLD_VIEW.center],
      zoom: WORLD_VIEW.zoom,
      worldCopyJump: true,
      attributionControl: tileUrl !== null,
    });
    mapRef.current = created;
    let grid: L.LayerGroup | undefined;
    if (tileUrl === null) {
      grid = addGraticule(created);
      setTiles('none');
    } else {
      setTiles('loading');
      let loaded = false;
      const layer = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
      layer.on('tileload', () => {
        loaded = true;
        setTiles('tiles');
      });
      layer.on('tileerror', () => {
        if (loaded) return;
        // No tile has ever arrived: drop the layer rather than show a grey void.
        created.removeLayer(layer);
        grid ??= addGraticule(created);
        setTiles('failed');
      });
      layer.addTo(created);
    }
    setMap(created);
    const observer = new ResizeObserver(() => created.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.remove();
      mapRef.current = undefined;
      setMap(undefined);
    };
  }, [container, ready, tileUrl, attribution]);

  return { map, tiles };
}
