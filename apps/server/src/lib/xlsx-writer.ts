// The one way the server writes an XLSX file: ExcelJS's streaming writer (rows are flushed as they are
// committed, so a large export never holds the whole sheet as objects) into a buffer the route sends.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface BufferedWorkbook {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  /** Commits the workbook and answers the file's bytes. */
  finish: () => Promise<Buffer>;
}

/** A streaming workbook written to memory; `styles` turns on bold headers and other cell styles. */
export function bufferedWorkbook(options: { styles: boolean }): BufferedWorkbook {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: options.styles,
    useSharedStrings: false,
  });
  workbook.creator = 'Sunfleet';
  return {
    workbook,
    finish: async () => {
      await workbook.commit();
      return Buffer.concat(chunks);
    },
  };
}
