// ECharts options of the big screen: the world map of sites per country and today's fleet power.
import type { BigScreenData } from '@sunfleet/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import type { Geometry } from 'geojson';
import type { NumberFormat } from '../../lib/numberFormat';
import { MAP_ZOOM, mapCenter } from './bigScreenModel';

const TEXT = '#cfe8ff';
const GRID_LINE = 'rgba(120, 180, 255, 0.15)';

/** Countries shaded by their site count (SPEC §2 regional site counts; zoom 2.4 within 2–3, SPEC §9). */
export function mapOption(
  regions: BigScreenData['regions'],
  features: readonly { geometry: Geometry | null; properties: { name: string } }[],
  sitesLabel: string,
): EChartsCoreOption {
  const most = Math.max(1, ...regions.map((r) => r.stations));
  return {
    backgroundColor: 'transparent',
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value?: number }) =>
        Number.isFinite(p.value) ? `${p.name}: ${p.value} ${sitesLabel}` : p.name,
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: most,
      left: 24,
      bottom: 24,
      calculable: false,
      text: [String(most), '0'],
      textStyle: { color: TEXT },
      inRange: { color: ['#134a7c', '#1890ff', '#52e5ff'] },
    },
    series: [
      {
        type: 'map',
        map: 'world',
        name: sitesLabel,
        roam: true,
        zoom: MAP_ZOOM.initial,
        scaleLimit: { min: MAP_ZOOM.min, max: MAP_ZOOM.max },
        center: mapCenter(regions, features),
        itemStyle: { areaColor: '#0d2a4d', borderColor: '#2a6fb0', borderWidth: 0.6 },
        emphasis: { label: { show: true, color: '#fff' }, itemStyle: { areaColor: '#ffb020' } },
        label: { show: false },
        data: regions.map((r) => ({ name: r.name, value: r.stations })),
      },
    ],
  };
}

/** Today's fleet power by hour; hours without readings are gaps (ENGINEERING §4), never zeros. */
export function powerOption(
  power: BigScreenData['power'],
  f: NumberFormat,
  label: string,
): EChartsCoreOption {
  const hours = power.points.map((p) => {
    const d = new Date(p.ts);
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  });
  return {
    backgroundColor: 'transparent',
    grid: { left: 64, right: 16, top: 24, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? f.powerText(v) : '-'),
    },
    xAxis: {
      type: 'category',
      data: hours,
      axisLabel: { color: TEXT },
      axisLine: { lineStyle: { color: GRID_LINE } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: TEXT, formatter: (v: number) => f.powerText(v) },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series: [
      {
        type: 'line',
        name: label,
        data: power.points.map((p) => p.kw),
        connectNulls: false,
        smooth: true,
        showSymbol: false,
        lineStyle: { color: '#52e5ff', width: 2 },
        areaStyle: { color: 'rgba(82, 229, 255, 0.18)' },
      },
    ],
  };
}
