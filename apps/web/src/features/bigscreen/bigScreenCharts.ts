// Loaded only through a dynamic import (BigScreenChart.tsx): ECharts core with the map, scatter and line
// pieces the big screen draws, and the world map of the bundled Natural Earth 1:110m countries
// (world-atlas), registered once as 'world'. No online tiles (ENGINEERING §7, SPEC §9 map zoom).
import { LineChart, MapChart } from 'echarts/charts';
import { GeoComponent, GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { unwrapGeometry } from './bigScreenModel';

echarts.use([
  MapChart,
  LineChart,
  GeoComponent,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

const topology = countries as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const outlines = feature(topology, topology.objects.countries) as FeatureCollection<
  Geometry,
  { name: string }
>;
export const worldFeatures: FeatureCollection<Geometry, { name: string }> = {
  ...outlines,
  features: outlines.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
};

// The registered map's type wants ECharts' own GeoJSON typing; the shapes are the same.
echarts.registerMap('world', worldFeatures as unknown as Parameters<typeof echarts.registerMap>[1]);

export { echarts };
