import { deflateRawSync } from 'node:zlib';

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
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(directoryOffset, 42);
  const hidden = Buffer.concat([local, nameBytes, data]);
  const record = zip.subarray(end);
  const newEnd = Buffer.from(record);
  newEnd.writeUInt32LE(directorySize + central.length + nameBytes.length, 12);
  newEnd.writeUInt32LE(directoryOffset + hidden.length, 16);
  return Buffer.concat([
    zip.subarray(0, directoryOffset),
    hidden,
    zip.subarray(directoryOffset, directoryOffset + directorySize),
    central,
    nameBytes,
    newEnd,
  ]);
}
