// How an IV scan reads on screen (docs/iv-curves.md): the task states and verdicts as words and colours,
// a curve's figures with their units, the evidence behind a verdict in words, and the warnings of the New
// IV curve screen from the server's conditions. Pure: no React, no requests.
import type { IvConditions, IvEvidence, IvFigureName, IvTaskTrigger, IvVerdict } from '@sunfleet/contracts';
import type { NumberFormat } from '../../lib/numberFormat';

export {
  TASK_STATE_COLOR,
  TASK_STATE_LABEL,
  VERDICT_COLOR,
  VERDICT_LABEL,
} from '../../components/iv/ivLabels';

type Translate = (key: string, params?: Record<string, string | number>) => string;

export const TRIGGER_LABEL: Record<IvTaskTrigger, string> = {
  MANUAL: 'ivWeb.trigger.MANUAL',
  AUTO: 'ivWeb.trigger.AUTO',
};

/** What each verdict means for the string, in a sentence. */
export const VERDICT_HELP: Record<IvVerdict, string> = {
  NORMAL: 'ivWeb.verdictHelp.NORMAL',
  OPEN_STRING: 'ivWeb.verdictHelp.OPEN_STRING',
  BYPASS_DIODE_FAILED: 'ivWeb.verdictHelp.BYPASS_DIODE_FAILED',
  SHADING: 'ivWeb.verdictHelp.SHADING',
  MISMATCH: 'ivWeb.verdictHelp.MISMATCH',
  DEGRADATION: 'ivWeb.verdictHelp.DEGRADATION',
  NOT_JUDGEABLE: 'ivWeb.verdictHelp.NOT_JUDGEABLE',
};

export const FIGURE_LABEL: Record<IvFigureName, string> = {
  voc: 'ivWeb.figure.voc',
  isc: 'ivWeb.figure.isc',
  vmp: 'ivWeb.figure.vmp',
  imp: 'ivWeb.figure.imp',
  pmax: 'ivWeb.figure.pmax',
  fillFactor: 'ivWeb.figure.fillFactor',
};

/** A figure with its unit: V with one decimal, A with two, power as SPEC §9 writes it, fill factor in %. */
export function figureText(figure: IvFigureName, value: number | null, fmt: NumberFormat): string {
  if (value === null) return '-';
  switch (figure) {
    case 'voc':
    case 'vmp':
      return fmt.fixedUnit(value, 1, 'V');
    case 'isc':
    case 'imp':
      return fmt.fixedUnit(value, 2, 'A');
    case 'pmax':
      return fmt.powerText(value / 1000);
    case 'fillFactor':
      return percentText(value, fmt);
  }
}

/** A ratio as a percentage with one decimal: 0.973 → '97.3 %'; '-' when there is none. */
export function percentText(ratio: number | null, fmt: NumberFormat): string {
  return ratio === null ? '-' : fmt.fixedUnit(ratio * 100, 1, '%');
}

export const irradianceText = (value: number | null, fmt: NumberFormat): string =>
  value === null ? '-' : fmt.fixedUnit(value, 0, 'W/m²');

const EVIDENCE_TEXT: Record<IvEvidence['against'], string> = {
  peers: 'ivWeb.evidence.peers',
  expected: 'ivWeb.evidence.expected',
  limit: 'ivWeb.evidence.limit',
};

/**
 * One finding behind a verdict in words: the figure and its value held against its peers, its expected
 * value or the rule's threshold, with the ratio and the rule's limit — e.g. "Voc 551.0 V is 97.3 % of its
 * peers' 566.4 V (a finding below 98.5 %)".
 */
export function evidenceText(evidence: IvEvidence, t: Translate, fmt: NumberFormat): string {
  const { figure, measured, reference, against, ratio, limit } = evidence;
  if (figure === 'irradiance')
    return t('ivWeb.evidence.irradiance', {
      measured: irradianceText(measured, fmt),
      reference: irradianceText(reference, fmt),
    });
  if (figure === 'points')
    return t('ivWeb.evidence.points', { measured: fmt.whole(measured), reference: fmt.whole(reference) });
  if (figure === 'stepDepth')
    return t('ivWeb.evidence.stepDepth', {
      measured: percentText(measured, fmt),
      reference: percentText(reference, fmt),
    });
  return t(EVIDENCE_TEXT[against], {
    figure: t(FIGURE_LABEL[figure]),
    measured: figureText(figure, measured, fmt),
    reference: figureText(figure, reference, fmt),
    ratio: percentText(ratio, fmt),
    limit: percentText(limit, fmt),
  });
}

export type ScanWarning = 'irradianceUnknown' | 'irradianceLow' | 'outsideBestHours';

/**
 * What the New IV curve screen warns about (SPEC §9, a warning, not a block): no irradiance measured at
 * the station, an irradiance below 600 W/m², a local time outside 11:00–13:00. The server judged both.
 */
export function scanWarnings(conditions: IvConditions): ScanWarning[] {
  const warnings: ScanWarning[] = [];
  if (conditions.irradiance === null) warnings.push('irradianceUnknown');
  else if (!conditions.irradianceOk) warnings.push('irradianceLow');
  if (!conditions.timeOk) warnings.push('outsideBestHours');
  return warnings;
}

export const WARNING_TEXT: Record<ScanWarning, string> = {
  irradianceUnknown: 'ivWeb.warning.irradianceUnknown',
  irradianceLow: 'ivWeb.warning.irradianceLow',
  outsideBestHours: 'ivWeb.warning.outsideBestHours',
};

/** A curve's key among its inverter's: "mppt/string". */
export const curveKey = (c: { mppt: number; string: number }): string => `${c.mppt}/${c.string}`;

const UNREMARKABLE: readonly IvVerdict[] = ['NORMAL', 'NOT_JUDGEABLE'];

/** Up to this many strings an inverter's curves all show unfolded. */
export const UNFOLDED_MAX = 4;

/**
 * The strings of an inverter shown unfolded at first: all of a few; of many, those with a finding (not
 * normal, and judgeable), else the first — 30 charts of healthy strings help no one.
 */
export function openAtFirst<C extends { diagnosis: { verdict: IvVerdict } | null }>(
  curves: readonly C[],
): C[] {
  if (curves.length <= UNFOLDED_MAX) return [...curves];
  const notable = curves.filter((c) => c.diagnosis !== null && !UNREMARKABLE.includes(c.diagnosis.verdict));
  return notable.length > 0 ? notable : curves.slice(0, 1);
}
