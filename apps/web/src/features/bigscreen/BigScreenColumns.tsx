import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BigScreenData } from '@sunfleet/contracts';
import { useNumberFormat } from '../../lib/numberFormat';
import { BigScreenChart, type Charts } from './BigScreenChart';
import { mapOption, powerOption } from './chartOptions';
import {
  deviceFigures,
  gatewayFigures,
  generationRows,
  impactFigures,
  incomeFigures,
  onlineRows,
  realLeftCounts,
  stationFigures,
} from './figures';
import { Figures, Panel, Ranking } from './Panels';
import type { ShowcaseCounters } from './showcaseCounters';
import { BigScreenTestId as Id } from './testIds';

/**
 * Station, device and impact figures: the real ones of the caller's scope, or — in showcase mode — the
 * demonstration counters only, each panel labelled, never mixed with a real figure.
 */
export function LeftColumn({
  data,
  showcase,
}: {
  data: BigScreenData;
  showcase: ShowcaseCounters | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const f = useNumberFormat();
  const demo = data.showcase && showcase !== undefined;
  const counts = demo ? showcase : realLeftCounts(data);
  const label = demo ? (
    <span className="big-screen-showcase-badge is-small" title={t('bigScreen.showcase.hint')}>
      {t('bigScreen.showcase.label')}
    </span>
  ) : undefined;
  const mode = demo ? 'showcase' : 'real';
  return (
    <aside className="big-screen-column" data-mode={mode}>
      <Panel title={t('bigScreen.stations.title')} testId={Id.stations} extra={label}>
        <Figures figures={stationFigures(counts, f)} testId={Id.stations} />
      </Panel>
      <Panel title={t('bigScreen.devices.title')} testId={Id.devices} extra={label}>
        <Figures figures={deviceFigures(counts, f)} testId={Id.devices} />
      </Panel>
      <Panel title={t('bigScreen.impact.title')} testId={Id.impact} extra={label}>
        <Figures
          figures={impactFigures(counts, f, t('bigScreen.unit.tons'), t('bigScreen.unit.trees'))}
          testId={Id.impact}
        />
      </Panel>
    </aside>
  );
}

/** The world map of sites per country and today's fleet power. */
export function CentreColumn({ data }: { data: BigScreenData }): ReactElement {
  const { t } = useTranslation();
  const f = useNumberFormat();
  const sites = t('bigScreen.map.sites');
  const power = t('bigScreen.power.title');
  const { regions } = data;
  const map = useCallback(
    (charts: Charts) => mapOption(regions, charts.worldFeatures.features, sites),
    [regions, sites],
  );
  const curve = useCallback(() => powerOption(data.power, f, power), [data.power, f, power]);
  return (
    <section className="big-screen-centre">
      <Panel title={t('bigScreen.map.title')} testId={`${Id.map}-panel`}>
        <div
          className="big-screen-map"
          data-regions={JSON.stringify(regions.map((r) => [r.name, r.stations]))}
        >
          <BigScreenChart option={map} testId={Id.map} />
        </div>
        {data.unplaced > 0 && (
          <div className="big-screen-note" data-testid={`${Id.map}-unplaced`} data-raw={data.unplaced}>
            {t('bigScreen.map.unplaced', { count: data.unplaced })}
          </div>
        )}
      </Panel>
      <Panel title={power} testId={`${Id.power}-panel`}>
        <div className="big-screen-power">
          <BigScreenChart option={curve} testId={Id.power} />
        </div>
        {data.power.points.every((p) => p.kw === null) && (
          <div className="big-screen-note">{t('bigScreen.ranking.empty')}</div>
        )}
      </Panel>
    </section>
  );
}

/** Income, logger status counts and the two rankings. */
export function RightColumn({ data }: { data: BigScreenData }): ReactElement {
  const { t } = useTranslation();
  const f = useNumberFormat();
  return (
    <aside className="big-screen-column">
      <Panel title={t('bigScreen.income.title')} testId={Id.income}>
        <Figures figures={incomeFigures(data, f)} testId={Id.income} />
      </Panel>
      <Panel title={t('bigScreen.gateways.title')} testId={Id.gateways}>
        <Figures figures={gatewayFigures(data, f)} testId={Id.gateways} />
      </Panel>
      <Panel title={t('bigScreen.topGeneration.title')} testId={Id.topGeneration}>
        <Ranking rows={generationRows(data, f)} testId={Id.topGeneration} />
      </Panel>
      <Panel title={t('bigScreen.topOnline.title')} testId={Id.topOnline}>
        <Ranking rows={onlineRows(data, f)} testId={Id.topOnline} />
      </Panel>
    </aside>
  );
}
