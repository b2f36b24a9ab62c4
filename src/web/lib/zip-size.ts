// How much a ZIP file (an XLSX workbook is one) says it holds once expanded, read from its central
// directory before anything is expanded: a 404 kB workbook can hold 301 MB of sheet XML, and the
// workbook reader would build all of it in memory (1.2 GB, 6 s) before seeing a single row. The
// central directory lists every entry with its uncompressed size; it is found through the end of
// central directory record at the file's end (APPNOTE.TXT 4.3.12–4.3.16, with the ZIP64 forms of
// 4.3.14, 4.3.15 and 4.5.3). docs/decisions/0029-workbook-expanded-size.md

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const ZIP64_EXTRA = 0x0001;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

/**
 * The sum of the uncompressed sizes the central directory declares for the entries, in bytes; null
 * when the bytes hold no readable central directory (not a ZIP file, or a damaged one).
 */
export function zipExpandedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const fits = (at: number, length: number) => at >= 0 && at + length <= bytes.byteLength;

  // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - MAX_U16); at--) {
    if (u32(at) === EOCD && at + 22 + u16(at + 20) === bytes.byteLength) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  let entries = u16(end + 10);
  let directoryOffset = u32(end + 16);
  if (entries === MAX_U16 || directoryOffset === MAX_U32) {
    // ZIP64: the locator just before the end record points at the ZIP64 end record.
    const locator = end - 20;
    if (!fits(locator, 20) || u32(locator) !== ZIP64_EOCD_LOCATOR) return null;
    const record = u64(locator + 8);
    if (!fits(record, 56) || u32(record) !== ZIP64_EOCD) return null;
    entries = u64(record + 32);
    directoryOffset = u64(record + 48);
  }

  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (!fits(at, 46) || u32(at) !== CENTRAL_ENTRY) return null;
    let size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    if (!fits(at + 46, nameLength + extraLength + commentLength)) return null;
    if (size === MAX_U32) {
      // The real size is the first field of the entry's ZIP64 extra field.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      let found = false;
      while (extra + 4 <= extraEnd) {
        const id = u16(extra);
        const length = u16(extra + 2);
        if (id === ZIP64_EXTRA && length >= 8 && extra + 12 <= extraEnd) {
          size = u64(extra + 4);
          found = true;
          break;
        }
        extra += 4 + length;
      }
      if (!found) return null;
    }
    total += size;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}
