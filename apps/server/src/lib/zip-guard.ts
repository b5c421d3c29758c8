// A ZIP (XLSX) is checked before a spreadsheet library opens it: a few megabytes can inflate to
// gigabytes (a "zip bomb"), and the libraries inflate everything into memory. Every entry is inflated
// here once with a hard output limit, so whatever reaches the library is known to be small.
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes of all entries. */
  maxTotalBytes: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARKER = 0xffffffff;

/** Offset of the end-of-central-directory record (it ends the file, after an optional comment). */
function findEndRecord(zip: Buffer): number | null {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return null;
}

/**
 * True when `zip` is a well-formed ZIP within the limits whose every entry really inflates to its
 * declared size (stored or deflated only; ZIP64 and encryption refused). False otherwise.
 *
 * The entries checked are the ones the central directory really holds, read until the end record, not
 * the total that record declares: readers such as JSZip (under ExcelJS) walk the directory the same
 * way, so an entry beyond the declared total would otherwise reach them unchecked.
 */
export function zipWithinLimits(zip: Buffer, limits: ZipLimits): boolean {
  try {
    if (zip.length < 22) return false;
    const end = findEndRecord(zip);
    if (end === null) return false;
    const declared = zip.readUInt16LE(end + 10);
    const directorySize = zip.readUInt32LE(end + 12);
    const directoryOffset = zip.readUInt32LE(end + 16);
    if (declared === 0 || declared > limits.maxEntries || directoryOffset + directorySize !== end)
      return false;
    let at = directoryOffset;
    let total = 0;
    let entries = 0;
    while (at < end) {
      if (zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) return false;
      entries += 1;
      if (entries > declared) return false;
      const flags = zip.readUInt16LE(at + 8);
      const method = zip.readUInt16LE(at + 10);
      const compressedSize = zip.readUInt32LE(at + 20);
      const size = zip.readUInt32LE(at + 24);
      const nameLength = zip.readUInt16LE(at + 28);
      const extraLength = zip.readUInt16LE(at + 30);
      const commentLength = zip.readUInt16LE(at + 32);
      const localOffset = zip.readUInt32LE(at + 42);
      if (flags & 0x1) return false; // encrypted
      if (compressedSize === ZIP64_MARKER || size === ZIP64_MARKER || localOffset === ZIP64_MARKER)
        return false;
      total += size;
      if (total > limits.maxTotalBytes) return false;
      if (zip.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) return false;
      const dataStart =
        localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (data.length !== compressedSize) return false;
      if (method === 0) {
        if (compressedSize !== size) return false;
      } else if (method === 8) {
        // maxOutputLength makes zlib stop (and throw) instead of producing more than was declared.
        const inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
        if (inflated.length !== size) return false;
      } else {
        return false;
      }
      at += 46 + nameLength + extraLength + commentLength;
    }
    return at === end && entries === declared;
  } catch {
    return false;
  }
}
