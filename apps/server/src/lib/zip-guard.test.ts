import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipWithHiddenEntry } from '../../test/support/zip-archive.js';
import { zipWithinLimits } from './zip-guard.js';

const LIMITS = { maxEntries: 100, maxTotalBytes: 1024 * 1024 };

/** A one-entry ZIP whose entry declares `declared` bytes and inflates to `content`. */
function zipOf(content: Buffer, declared = content.length): Buffer {
  const data = deflateRawSync(content);
  const name = Buffer.from('a.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('zipWithinLimits', () => {
  it('accepts a real XLSX', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('s').addRow(['SN', 'MAC', 'Model']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(zipWithinLimits(file, LIMITS)).toBe(true);
  });

  it('accepts an honest small entry', () => {
    expect(zipWithinLimits(zipOf(Buffer.from('<x/>')), LIMITS)).toBe(true);
  });

  it('refuses an entry that inflates beyond what it declares (a zip bomb)', () => {
    expect(zipWithinLimits(zipOf(Buffer.alloc(5 * 1024 * 1024), 100), LIMITS)).toBe(false);
  });

  it('refuses entries whose declared total exceeds the limit', () => {
    expect(zipWithinLimits(zipOf(Buffer.alloc(2 * 1024 * 1024)), LIMITS)).toBe(false);
  });

  it('counts the entries the directory holds, not the total its end record declares', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('s').addRow(['SN', 'MAC', 'Model']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const hidden = zipWithHiddenEntry(file, 'xl/hidden.bin', Buffer.alloc(2 * 1024 * 1024));
    expect(zipWithinLimits(hidden, LIMITS)).toBe(false);
    // Within the limits, the extra entry is still refused: the directory contradicts its end record.
    expect(zipWithinLimits(zipWithHiddenEntry(file, 'xl/x.xml', Buffer.from('<x/>')), LIMITS)).toBe(false);
  });

  it('refuses what is not a ZIP, or a truncated one', () => {
    expect(zipWithinLimits(Buffer.from('SN,MAC,Model\n'), LIMITS)).toBe(false);
    const zip = zipOf(Buffer.from('<x/>'));
    expect(zipWithinLimits(zip.subarray(0, zip.length - 30), LIMITS)).toBe(false);
    expect(zipWithinLimits(Buffer.alloc(0), LIMITS)).toBe(false);
  });
});
