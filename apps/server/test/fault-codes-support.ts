// Helpers of the fault-code tests: XLSX files as a spreadsheet program saves them, multipart uploads.
import { randomBytes } from 'node:crypto';
import { FAULT_CODE_SHEET_COLUMNS } from '@sunfleet/contracts';
import ExcelJS from 'exceljs';
import type { Response as InjectResponse } from 'light-my-request';
import { bearer, type TestApp } from './helpers.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function workbook(rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Fault codes');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A data row in the sheet's column order from the named cells (others empty). */
export function sheetRow(cells: Partial<Record<string, string | number>>): (string | number)[] {
  return FAULT_CODE_SHEET_COLUMNS.map((c) => cells[c] ?? '');
}

export const HEADER = [...FAULT_CODE_SHEET_COLUMNS];

export async function readWorkbook(bytes: Buffer): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: (string | number | null)[][] = [];
  sheet?.eachRow((row) => {
    const values: (string | number | null)[] = [];
    for (let c = 1; c <= FAULT_CODE_SHEET_COLUMNS.length; c++) {
      const v = row.getCell(c).value;
      values.push(typeof v === 'string' || typeof v === 'number' ? v : null);
    }
    rows.push(values);
  });
  return rows;
}

export function upload(
  t: TestApp,
  token: string,
  filename: string,
  content: Buffer,
): Promise<InjectResponse> {
  const boundary = `----sunfleet${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/faultCode/import',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
