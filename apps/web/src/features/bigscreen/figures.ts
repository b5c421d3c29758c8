// The figures of the big screen's panels, from the API's answer (or the showcase counters), formatted by
// the SPEC §9 rules of packages/domain through the console's number format.
import type { BigScreenData } from '@sunfleet/contracts';
import type { NumberFormat } from '../../lib/numberFormat';
import type { Figure, RankRow } from './Panels';
import type { ShowcaseCounters } from './showcaseCounters';

/** The left panel's counts: the real ones of the scope, or the demonstration ones (same shape). */
export type LeftCounts = ShowcaseCounters;

export function realLeftCounts(d: BigScreenData): LeftCounts {
  const s = d.kpis.stationStatus;
  const v = d.kpis.deviceStatus;
  return {
    stations: s,
    devices: { total: v.total, working: v.running, fault: v.fault, offline: v.offline, other: v.other },
    impact: d.kpis.impact,
  };
}

const count = (key: string, labelKey: string, raw: number, f: NumberFormat, tone?: Figure['tone']) => ({
  key,
  labelKey,
  raw,
  text: f.whole(raw),
  ...(tone ? { tone } : {}),
});

export function stationFigures(c: LeftCounts, f: NumberFormat): Figure[] {
  const s = c.stations;
  return [
    count('total', 'bigScreen.stations.total', s.total, f),
    count('online', 'bigScreen.stations.online', s.online, f, 'good'),
    count('abnormal', 'bigScreen.stations.abnormal', s.abnormal, f, 'warn'),
    count('offline', 'bigScreen.stations.offline', s.offline, f, 'bad'),
    count('other', 'bigScreen.stations.other', s.other, f, 'muted'),
  ];
}

export function deviceFigures(c: LeftCounts, f: NumberFormat): Figure[] {
  const d = c.devices;
  return [
    count('total', 'bigScreen.devices.total', d.total, f),
    count('working', 'bigScreen.devices.working', d.working, f, 'good'),
    count('fault', 'bigScreen.devices.fault', d.fault, f, 'warn'),
    count('offline', 'bigScreen.devices.offline', d.offline, f, 'bad'),
    count('other', 'bigScreen.devices.other', d.other, f, 'muted'),
  ];
}

export function impactFigures(c: LeftCounts, f: NumberFormat, tons: string, trees: string): Figure[] {
  const i = c.impact;
  return [
    {
      key: 'coal',
      labelKey: 'bigScreen.impact.coal',
      raw: i.coalTons,
      text: f.money(i.coalTons, 1),
      unit: tons,
    },
    { key: 'co2', labelKey: 'bigScreen.impact.co2', raw: i.co2Tons, text: f.money(i.co2Tons, 1), unit: tons },
    { key: 'trees', labelKey: 'bigScreen.impact.trees', raw: i.trees, text: f.whole(i.trees), unit: trees },
  ];
}

export function incomeFigures(d: BigScreenData, f: NumberFormat): Figure[] {
  const money = (key: keyof BigScreenData['kpis']['income']): Figure => {
    const raw = d.kpis.income[key];
    const scaled = f.amount(raw);
    return {
      key,
      labelKey: `bigScreen.income.${key}`,
      raw,
      text: scaled.value,
      unit: `${scaled.unit} ${d.kpis.currency}`.trim(),
    };
  };
  return [money('today'), money('month'), money('year'), money('total')];
}

export function gatewayFigures(d: BigScreenData, f: NumberFormat): Figure[] {
  const g = d.gateways;
  return [
    count('total', 'bigScreen.gateways.total', g.total, f),
    count('normal', 'bigScreen.gateways.normal', g.normal, f, 'good'),
    count('fault', 'bigScreen.gateways.fault', g.fault, f, 'warn'),
    count('offline', 'bigScreen.gateways.offline', g.offline, f, 'bad'),
    count('other', 'bigScreen.gateways.other', g.other, f, 'muted'),
  ];
}

export function generationRows(d: BigScreenData, f: NumberFormat): RankRow[] {
  const top = d.topGeneration[0]?.todayKwh ?? 0;
  return d.topGeneration.map((r) => ({
    key: r.stationId,
    name: r.name,
    text: f.energyText(r.todayKwh),
    share: top > 0 ? r.todayKwh / top : 0,
  }));
}

export function onlineRows(d: BigScreenData, f: NumberFormat): RankRow[] {
  return d.topOnlineRate.map((r) => ({
    key: r.stationId,
    name: r.name,
    text: `${f.fixed(r.onlineRate * 100, 1)} %`,
    share: r.onlineRate,
  }));
}
