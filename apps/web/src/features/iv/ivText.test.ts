import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { IvTaskStates, IvVerdicts, LANGUAGES, type IvConditions, type IvVerdict } from '@sunfleet/contracts';
import { tableTranslator } from '../../lib/i18n';
import { numberFormat } from '../../lib/numberFormat';
import {
  TASK_STATE_LABEL,
  VERDICT_HELP,
  VERDICT_LABEL,
  evidenceText,
  figureText,
  openAtFirst,
  scanWarnings,
} from './ivText';

const tableOf = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      join(__dirname, `../../../../../packages/contracts/locales/web-iv/${language}.json`),
      'utf8',
    ),
  ) as Record<string, string>;

const translator = (language: string): TFunction => tableTranslator(language, tableOf(language)).t;

const en = translator('EN');
const fmtEn = numberFormat('EN');

const conditions = (over: Partial<IvConditions>): IvConditions => ({
  stationId: 1,
  irradiance: 820,
  measuredAt: 1,
  timeZone: 'Europe/Berlin',
  localTime: '12:10',
  irradianceOk: true,
  timeOk: true,
  ...over,
});

describe('IV scan words', () => {
  it('has a word for every task state and verdict, and what each verdict means, in every language', () => {
    for (const { key } of LANGUAGES) {
      const table = tableOf(key);
      for (const state of IvTaskStates) expect(table[TASK_STATE_LABEL[state]], key).toBeTruthy();
      for (const verdict of IvVerdicts) {
        expect(table[VERDICT_LABEL[verdict]], key).toBeTruthy();
        expect(table[VERDICT_HELP[verdict]], key).toBeTruthy();
      }
    }
  });

  it('writes figures with their units in the UI language', () => {
    expect(figureText('voc', 551.04, fmtEn)).toBe('551.0 V');
    expect(figureText('isc', 10.456, fmtEn)).toBe('10.46 A');
    expect(figureText('fillFactor', 0.7812, fmtEn)).toBe('78.1 %');
    expect(figureText('pmax', 5800, fmtEn)).toBe('5.80 kW');
    expect(figureText('voc', 551.04, numberFormat('DE'))).toBe('551,0 V');
    expect(figureText('imp', null, fmtEn)).toBe('-');
  });

  it('says the evidence in words: against the peers, the expected figure and the thresholds', () => {
    expect(
      evidenceText(
        { figure: 'voc', measured: 551, reference: 566.4, against: 'peers', ratio: 0.973, limit: 0.985 },
        en,
        fmtEn,
      ),
    ).toBe("Voc 551.0 V is 97.3 % of what its peers show (566.4 V); the rule's limit is 98.5 %");
    expect(
      evidenceText(
        { figure: 'isc', measured: 0.02, reference: 9.8, against: 'expected', ratio: 0.002, limit: 0.05 },
        en,
        fmtEn,
      ),
    ).toBe("Isc 0.02 A is 0.2 % of the expected 9.80 A; the rule's limit is 5.0 %");
    expect(
      evidenceText(
        { figure: 'irradiance', measured: 412.4, reference: 600, against: 'limit', ratio: 0.69, limit: 1 },
        en,
        fmtEn,
      ),
    ).toBe('Irradiance 412 W/m² during the scan, below the 600 W/m² a scan needs');
    expect(
      evidenceText(
        { figure: 'stepDepth', measured: 0.25, reference: 0.02, against: 'limit', ratio: 12.5, limit: 1 },
        en,
        fmtEn,
      ),
    ).toContain('25.0 % of Isc');
    const de = evidenceText(
      { figure: 'points', measured: 8, reference: 10, against: 'limit', ratio: 0.8, limit: 1 },
      translator('DE'),
      numberFormat('DE'),
    );
    expect(de).toBe('Nur 8 Punkte auf der Kennlinie (mindestens 10 nötig)');
  });

  it('warns below 600 W/m², without a measured irradiance and outside 11:00–13:00, from the server’s judgement', () => {
    expect(scanWarnings(conditions({}))).toEqual([]);
    expect(scanWarnings(conditions({ irradiance: 420, irradianceOk: false }))).toEqual(['irradianceLow']);
    expect(scanWarnings(conditions({ irradiance: null, measuredAt: null, irradianceOk: false }))).toEqual([
      'irradianceUnknown',
    ]);
    expect(scanWarnings(conditions({ localTime: '16:40', timeOk: false }))).toEqual(['outsideBestHours']);
    expect(
      scanWarnings(conditions({ irradiance: 100, irradianceOk: false, localTime: '07:00', timeOk: false })),
    ).toEqual(['irradianceLow', 'outsideBestHours']);
  });

  it('unfolds every string of a small inverter, and of a large one only the strings with a finding', () => {
    const curve = (verdict: IvVerdict | null) => ({ diagnosis: verdict === null ? null : { verdict } });
    const few = [curve('NORMAL'), curve('NORMAL'), curve(null)];
    expect(openAtFirst(few)).toEqual(few);
    const many = [
      curve('NORMAL'),
      curve('NOT_JUDGEABLE'),
      curve('SHADING'),
      curve(null),
      curve('NORMAL'),
      curve('OPEN_STRING'),
    ];
    expect(openAtFirst(many).map((c) => c.diagnosis?.verdict)).toEqual(['SHADING', 'OPEN_STRING']);
    const night = Array.from({ length: 6 }, () => curve('NOT_JUDGEABLE'));
    expect(openAtFirst(night)).toHaveLength(1);
  });
});
