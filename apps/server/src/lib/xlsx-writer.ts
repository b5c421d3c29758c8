// The one way the server writes an XLSX file: ExcelJS's streaming writer (rows are flushed as they are
// committed, so a large export never holds the whole sheet as objects) into a buffer the route sends.
import { PassThrough } from 'node:stream';
import { ErrorEnvelope } from '@sunfleet/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type, type TUnsafe } from 'typebox';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/** The response schemas of a route that answers an XLSX file (errors keep the envelope). */
export function xlsxResponses(description = 'XLSX workbook, sent as an attachment'): {
  200: { description: string; content: { [XLSX_TYPE]: { schema: TUnsafe<Buffer> } } };
  '4xx': typeof ErrorEnvelope;
  '5xx': typeof ErrorEnvelope;
} {
  return {
    200: {
      description,
      content: { [XLSX_TYPE]: { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
    },
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  };
}

/** `<prefix>-YYYYMMDD.xlsx` for the day of `at` (UTC). */
export function datedXlsxName(prefix: string, at: Date): string {
  return `${prefix}-${at.toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`;
}

/** Sends a workbook as an attachment named `filename` (a server-made, plain ASCII name). */
export function sendXlsx(reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(bytes);
}
