// The entry names of a ZIP's central directory, for checks by content: an Office Open XML file holds
// [Content_Types].xml and its main part, an Android package AndroidManifest.xml. Call zipWithinLimits
// (zip-guard.ts) first: this only reads names and trusts the structure that check verified.
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/** The names of the entries, or null when the directory cannot be read. */
export function zipEntryNames(zip: Buffer): string[] | null {
  try {
    const earliest = Math.max(0, zip.length - 22 - 0xffff);
    let end = -1;
    for (let at = zip.length - 22; at >= earliest; at--) {
      if (zip.readUInt32LE(at) === EOCD_SIGNATURE) {
        end = at;
        break;
      }
    }
    if (end < 0) return null;
    const names: string[] = [];
    let at = zip.readUInt32LE(end + 16);
    while (at < end) {
      if (zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
      const nameLength = zip.readUInt16LE(at + 28);
      const extraLength = zip.readUInt16LE(at + 30);
      const commentLength = zip.readUInt16LE(at + 32);
      names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } catch {
    return null;
  }
}
