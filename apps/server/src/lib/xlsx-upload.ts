// Reading an uploaded spreadsheet safely, shared by every XLSX import (loggers, fault codes): the single
// multipart `file` part within a byte limit, an allow-list by extension and by content (a ZIP that inflates
// within bounds, checked by zip-guard before ExcelJS opens it), a legacy binary .xls refused with its own
// message, and the text of a cell whatever Excel stored.
import { SecurityMessage, validateUploadName } from '@sunfleet/contracts';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { Errors, type AppError } from './errors.js';
import { holdsNul, nulRefused } from './text.js';
import { zipWithinLimits } from './zip-guard.js';

const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const fileError = (rule: string, message: string): AppError =>
  Errors.invalid(rule, [{ field: 'body.file', rule, message }]);

/** The message keys an import answers with when the file itself is wrong. */
export interface WorkbookMessages {
  legacyXls: string;
  unreadable: string;
  empty: string;
}

/** The text of a cell whatever Excel stored: strings, numbers, rich text, formula results. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'result' in value) {
    // A formula: its cached result, when it is a plain value.
    const result: unknown = value.result;
    return typeof result === 'string' || typeof result === 'number' ? String(result).trim() : '';
  }
  return cell.text.trim();
}

/**
 * The first worksheet of an import file. Allow-listed by extension (.xlsx/.xls) and by content (a ZIP that
 * inflates within bounds); a legacy binary .xls is recognised and refused with its own message, since no
 * reader for it is shipped.
 */
export async function openImportSheet(
  filename: string,
  bytes: Buffer,
  messages: WorkbookMessages,
): Promise<ExcelJS.Worksheet> {
  const nameFailure = validateUploadName(filename, 'import');
  if (nameFailure !== null) throw fileError(nameFailure, 'only .xlsx or .xls');
  if (bytes.subarray(0, XLS_MAGIC.length).equals(XLS_MAGIC))
    throw fileError(messages.legacyXls, 'legacy binary .xls');
  if (
    !bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) ||
    !zipWithinLimits(bytes, { maxEntries: 500, maxTotalBytes: 16 * 1024 * 1024 })
  )
    throw fileError(messages.unreadable, 'not an XLSX workbook (or beyond the size limits)');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError(messages.unreadable, 'not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw fileError(messages.empty, 'no worksheet');
  return sheet;
}

/**
 * The single `file` part of a multipart import request, at most `maxBytes`; a missing part, another field
 * name or an oversized file answer 4000 and nothing is read further.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  limits: { maxBytes: number; tooLargeRule: string },
): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fileError(SecurityMessage.fileRequired, 'expected multipart/form-data');
  let part;
  try {
    part = await request.file({ limits: { files: 1, fileSize: limits.maxBytes, fields: 5, parts: 6 } });
  } catch {
    throw fileError(SecurityMessage.fileRequired, 'unreadable multipart body');
  }
  if (part === undefined || part.fieldname !== 'file') {
    part?.file.resume();
    throw fileError(SecurityMessage.fileRequired, "expected one file in the field 'file'");
  }
  if (holdsNul(part.filename)) {
    part.file.resume();
    throw nulRefused('body.file');
  }
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw fileError(limits.tooLargeRule, `larger than ${limits.maxBytes} bytes`);
    throw fileError(SecurityMessage.fileRequired, 'unreadable file');
  }
}
