// ZIP files built byte by byte for tests: well-formed archives (Office files, Android packages) and the
// malformed ones an attacker would send.
import { crc32, deflateRawSync } from 'node:zlib';

/** The deflated entry `name` with its local header and its central directory record at `offset`. */
function zipEntry(
  entryName: string,
  content: Buffer,
  offset: number,
): { local: Buffer; central: Buffer; size: number } {
  const data = deflateRawSync(content);
  const name = Buffer.from(entryName);
  const crc = crc32(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(8, 10);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(data.length, 20);
  record.writeUInt32LE(content.length, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt32LE(offset, 42);
  const local = Buffer.concat([header, name, data]);
  return { local, central: Buffer.concat([record, name]), size: local.length };
}

/** A well-formed ZIP of these entries (deflated, with CRCs): Office files and Android packages in tests. */
export function zipArchive(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [entryName, value] of Object.entries(entries)) {
    const entry = zipEntry(entryName, Buffer.isBuffer(value) ? value : Buffer.from(value), offset);
    locals.push(entry.local);
    centrals.push(entry.central);
    offset += entry.size;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `zip` with one more entry (`name`, inflating to `content`) added to its central directory while the
 * end record keeps declaring the original total: what an attacker sends to slip an entry past a check
 * that trusts the declared count.
 */
export function zipWithHiddenEntry(zip: Buffer, name: string, content: Buffer): Buffer {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const hidden = zipEntry(name, content, directoryOffset);
  const newEnd = Buffer.from(zip.subarray(end));
  newEnd.writeUInt32LE(directorySize + hidden.central.length, 12);
  newEnd.writeUInt32LE(directoryOffset + hidden.size, 16);
  return Buffer.concat([
    zip.subarray(0, directoryOffset),
    hidden.local,
    zip.subarray(directoryOffset, directoryOffset + directorySize),
    hidden.central,
    newEnd,
  ]);
}

/** The smallest Office Open XML files the platform accepts: [Content_Types].xml and the main part. */
export const officeFile = (mainPart: string): Buffer =>
  zipArchive({ '[Content_Types].xml': '<Types/>', [mainPart]: '<root/>' });

/** An Android package as far as the platform checks: a ZIP holding AndroidManifest.xml. */
export const androidPackage = (extra = 'classes'): Buffer =>
  zipArchive({ 'AndroidManifest.xml': Buffer.from([3, 0, 8, 0]), 'classes.dex': `dex\n035 ${extra}` });
