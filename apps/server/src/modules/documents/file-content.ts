// Allow-list by content AND extension (ENGINEERING §5): the extension names a kind, and the bytes must be
// that kind — PDF and PNG/JPEG by their magic bytes, Office Open XML as a sound ZIP holding
// [Content_Types].xml and the kind's main part, text as valid UTF-8 without NUL. A .pdf that is really HTML
// fails here, and so does a .docx that is a spreadsheet.
import { DocumentLimits, type DocumentFileKind } from '@sunfleet/contracts';
import { zipEntryNames } from '../../lib/zip-entries.js';
import { zipWithinLimits } from '../../lib/zip-guard.js';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The main part each Office kind must hold besides [Content_Types].xml. */
const OFFICE_MAIN_PART = {
  DOCX: 'word/document.xml',
  XLSX: 'xl/workbook.xml',
  PPTX: 'ppt/presentation.xml',
} as const;

function officeHolds(bytes: Buffer, mainPart: string): boolean {
  const limits = {
    maxEntries: DocumentLimits.officeEntriesMax,
    maxTotalBytes: DocumentLimits.officeInflatedBytesMax,
  };
  if (!zipWithinLimits(bytes, limits)) return false;
  const names = zipEntryNames(bytes);
  return names !== null && names.includes('[Content_Types].xml') && names.includes(mainPart);
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether `bytes` really are a file of `kind` (the kind its extension names). */
export function contentIs(kind: DocumentFileKind, bytes: Buffer): boolean {
  switch (kind) {
    case 'PDF':
      return bytes.subarray(0, PDF.length).equals(PDF);
    case 'PNG':
      return bytes.subarray(0, PNG.length).equals(PNG);
    case 'JPEG':
      return bytes.subarray(0, JPEG.length).equals(JPEG);
    case 'DOCX':
    case 'XLSX':
    case 'PPTX':
      return officeHolds(bytes, OFFICE_MAIN_PART[kind]);
    case 'TEXT':
    case 'MARKDOWN':
      return isUtf8Text(bytes);
  }
}
