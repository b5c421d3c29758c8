// A batch register test as an XLSX file: a row per device with its SN, logger, station, state and error,
// then one column per register read (its decoded value), or the raw words of a range read as hex.
import { CommandStates, type RegisterTestView } from '@sunfleet/contracts';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';
import { sheetName } from '../devices/device-workbook.js';

const COLUMNS = [
  { header: 'registerTest.column.sn', width: 22 },
  { header: 'registerTest.column.logger', width: 20 },
  { header: 'registerTest.column.station', width: 24 },
  { header: 'registerTest.column.state', width: 14 },
  { header: 'registerTest.column.error', width: 20 },
] as const;

const STATE_KEYS = CommandStates.map((s) => `registerTest.state.${s}`);

/** Every translation key the workbook reads (besides the registers' names). */
export const REGISTER_TEST_TEXT_KEYS: readonly string[] = [
  ...COLUMNS.map((c) => c.header),
  ...STATE_KEYS,
  'registerTest.sheet',
  'registerTest.column.hex',
];

export interface RegisterTestWorkbookInput {
  test: RegisterTestView;
  /** The translation key of each register's name, by register key. */
  nameKeys: ReadonlyMap<string, string>;
  /** Translated texts by key; a missing key shows as the key itself. */
  texts: ReadonlyMap<string, string>;
}

/**
 * One sheet under a header row, devices in the order of the test's rows. Cells are plain values, never
 * formulas, so text a device sent cannot run in a spreadsheet program.
 */
export async function registerTestWorkbook(input: RegisterTestWorkbookInput): Promise<Buffer> {
  const text = (key: string): string => input.texts.get(key) ?? key;
  const { test } = input;
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  const sheet = workbook.addWorksheet(sheetName(text('registerTest.sheet')), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const raw = test.keys.length === 0;
  const valueHeaders = raw
    ? [text('registerTest.column.hex')]
    : test.keys.map((key) => {
        const nameKey = input.nameKeys.get(key);
        return nameKey === undefined ? key : `${text(nameKey)} (${key})`;
      });
  sheet.columns = [
    ...COLUMNS.map((c) => ({ width: c.width })),
    ...valueHeaders.map(() => ({ width: raw ? 60 : 18 })),
  ];
  const header = sheet.addRow([...COLUMNS.map((c) => text(c.header)), ...valueHeaders]);
  header.font = { bold: true };
  header.commit();
  for (const row of test.rows) {
    const values = raw ? [row.hex] : test.keys.map((key) => row.values[key] ?? null);
    sheet
      .addRow([
        row.deviceSn,
        row.gatewaySn,
        row.stationName,
        text(`registerTest.state.${row.state}`),
        row.error,
        ...values,
      ])
      .commit();
  }
  sheet.commit();
  return finish();
}
