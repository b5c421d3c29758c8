// An IV scan task's points as a file (docs/iv-curves.md "Export"): one row per point of every curve —
// the task, the inverter, the string, when and under what irradiance and cell temperature it was scanned,
// the point's voltage, current and power as the device measured them, and the current the string's
// expected curve has at that voltage (empty without stored modules). CSV holds the points; the XLSX file
// has them on one sheet and each string's figures and verdict on a second. Headers are fixed technical
// names in English (they are read by programs as much as by people).
import type { IvTaskView } from '@sunfleet/contracts';
import { expectedCurrentAt } from '@sunfleet/domain';
import { csvTable, type CsvValue } from '../../lib/csv.js';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

export const IV_POINT_COLUMNS = [
  'task',
  'station',
  'device_sn',
  'mppt',
  'string',
  'scanned_at_utc',
  'irradiance_wm2',
  'cell_temp_c',
  'point',
  'voltage_v',
  'current_a',
  'power_w',
  'expected_current_a',
] as const;

export const IV_STRING_COLUMNS = [
  'device_sn',
  'mppt',
  'string',
  'verdict',
  'voc_v',
  'isc_a',
  'vmp_v',
  'imp_a',
  'pmax_w',
  'fill_factor',
  'expected_pmax_w',
  'pmax_stc_w',
] as const;

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

/** Every point of every curve of the task, in IV_POINT_COLUMNS order. */
export function ivPointRows(task: IvTaskView): CsvValue[][] {
  const rows: CsvValue[][] = [];
  for (const device of task.devices) {
    const at = device.scannedAt === null ? null : new Date(device.scannedAt).toISOString();
    for (const c of device.curves) {
      const expected = c.diagnosis?.expected ?? null;
      c.v.forEach((v, k) => {
        const i = c.i[k] ?? 0;
        rows.push([
          task.id,
          task.stationName,
          device.deviceSn,
          c.mppt,
          c.string,
          at,
          c.irradiance,
          c.cellTemp,
          k + 1,
          v,
          i,
          round(v * i, 3),
          expected === null ? null : round(expectedCurrentAt(expected, v), 4),
        ]);
      });
    }
  }
  return rows;
}

/** Each string's measured figures, verdict and expected Pmax, in IV_STRING_COLUMNS order. */
export function ivStringRows(task: IvTaskView): CsvValue[][] {
  return task.devices.flatMap((device) =>
    device.curves.map((c) => {
      const f = c.diagnosis?.figures ?? c.reported;
      return [
        device.deviceSn,
        c.mppt,
        c.string,
        c.diagnosis?.verdict ?? null,
        f.voc,
        f.isc,
        f.vmp,
        f.imp,
        f.pmax,
        f.fillFactor,
        c.diagnosis?.expected.pmax ?? null,
        c.diagnosis?.pmaxStc ?? null,
      ];
    }),
  );
}

export function ivPointsCsv(task: IvTaskView): string {
  return csvTable(IV_POINT_COLUMNS, ivPointRows(task));
}

export async function ivWorkbook(task: IvTaskView): Promise<Buffer> {
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  const sheets = [
    { name: 'points', columns: IV_POINT_COLUMNS, rows: ivPointRows(task) },
    { name: 'strings', columns: IV_STRING_COLUMNS, rows: ivStringRows(task) },
  ];
  for (const { name, columns, rows } of sheets) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const header = sheet.addRow([...columns]);
    header.font = { bold: true };
    header.commit();
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
  }
  return finish();
}
