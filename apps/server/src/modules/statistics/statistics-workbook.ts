// The statistics comparison as an XLSX workbook (the export button and the mailed views): one row per
// station and period, then the station's total, in rank order. Unknown figures are empty cells, never 0.
import type { StatisticsCompareResult, StatisticsFigures } from '@sunfleet/contracts';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';
import { sheetName } from '../devices/device-workbook.js';

/** Columns in order: translation key of the header, width, number format. */
export const STATISTICS_COLUMNS = [
  { key: 'rank', header: 'statistics.column.rank', width: 7, format: '0' },
  { key: 'station', header: 'statistics.column.station', width: 28, format: null },
  { key: 'capacity', header: 'statistics.column.capacity', width: 13, format: '0.00' },
  { key: 'period', header: 'statistics.column.period', width: 12, format: null },
  { key: 'energy', header: 'statistics.column.energy', width: 14, format: '#,##0.00' },
  { key: 'yield', header: 'statistics.column.yield', width: 14, format: '0.00' },
  { key: 'income', header: 'statistics.column.income', width: 14, format: '#,##0.00' },
  { key: 'irradiation', header: 'statistics.column.irradiation', width: 16, format: '0.00' },
  { key: 'pr', header: 'statistics.column.pr', width: 9, format: '0.0%' },
] as const;

/** Every translation key the workbook reads. */
export const STATISTICS_TEXT_KEYS: readonly string[] = [
  ...STATISTICS_COLUMNS.map((c) => c.header),
  'statistics.sheet',
  'statistics.total',
];

export async function statisticsWorkbook(
  result: StatisticsCompareResult,
  texts: ReadonlyMap<string, string>,
): Promise<Buffer> {
  const text = (key: string): string => texts.get(key) ?? key;
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  const sheet = workbook.addWorksheet(sheetName(text('statistics.sheet')), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = STATISTICS_COLUMNS.map((c) => ({
    key: c.key,
    width: c.width,
    ...(c.format === null ? {} : { style: { numFmt: c.format } }),
  }));
  const header = sheet.addRow(
    STATISTICS_COLUMNS.map((c) =>
      c.key === 'income' ? `${text(c.header)} (${result.currency})` : text(c.header),
    ),
  );
  header.font = { bold: true };
  header.commit();
  const cells = (f: StatisticsFigures): (number | null)[] => [
    f.energyKwh,
    f.yieldKwhKwp,
    f.income,
    f.irradiationKwhM2,
    f.performanceRatio,
  ];
  for (const station of result.stations) {
    for (const period of station.periods) {
      sheet.addRow([station.rank, station.name, station.capacityKwp, period.key, ...cells(period)]).commit();
    }
    const total = sheet.addRow([
      station.rank,
      station.name,
      station.capacityKwp,
      text('statistics.total'),
      ...cells(station.totals),
    ]);
    total.font = { bold: true };
    total.commit();
  }
  sheet.commit();
  return finish();
}
