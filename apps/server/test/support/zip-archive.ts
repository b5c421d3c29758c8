import { crc32, deflateRawSync } from 'node:zlib';

/** A well-formed ZIP of these entries (deflated, with CRCs): Office files and Android packages in tests. */
export function zipArchive(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [entryName, value] of Object.entries(entries)) {
    const content = Buffer.isBuffer(value) ? value : Buffer.from(value);
    const data = deflateRawSync(content);
    const name = Buffer.from(entryName);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
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

/** The smallest Office Open XML files the platform accepts: [Content_Types].xml and the main part. */
export const officeFile = (mainPart: string): Buffer =>
  zipArchive({ '[Content_Types].xml': '<Types/>', [mainPart]: '<root/>' });

/** An Android package as far as the platform checks: a ZIP holding AndroidManifest.xml. */
export const androidPackage = (extra = 'classes'): Buffer =>
  zipArchive({ 'AndroidManifest.xml': Buffer.from([3, 0, 8, 0]), 'classes.dex': `dex\n035 ${extra}` });
