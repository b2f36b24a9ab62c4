// A workbook is refused by the size it declares once expanded, read from the ZIP's central directory
// before the workbook reader expands anything (docs/decisions/0029-workbook-expanded-size.md).
import { describe, expect, it } from 'vitest';
import { parseWorkbook, WORKBOOK_MAX_EXPANDED_BYTES } from './table-file.ts';
import { zipExpandedSize } from './zip-size.ts';
import { bloatedWorkbook } from '../test/bloated-workbook.ts';

/** A ZIP of stored entries, written by hand; `declared` replaces an entry's uncompressed size in the central directory. */
function zip(entries: { name: string; data: Uint8Array; declared?: number; zip64?: boolean }[], comment = ''): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const u16 = (out: number[], v: number) => out.push(v & 0xff, (v >>> 8) & 0xff);
  const u32 = (out: number[], v: number) => out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  const u64 = (out: number[], v: number) => {
    u32(out, v % 2 ** 32);
    u32(out, Math.floor(v / 2 ** 32));
  };
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const offset = parts.length;
    u32(parts, 0x04034b50);
    [20, 0, 0, 0, 0].forEach((v) => u16(parts, v));
    u32(parts, 0);
    u32(parts, entry.data.length);
    u32(parts, entry.data.length);
    u16(parts, name.length);
    u16(parts, 0);
    parts.push(...name, ...entry.data);
    const size = entry.declared ?? entry.data.length;
    const extra: number[] = [];
    if (entry.zip64) {
      u16(extra, 0x0001);
      u16(extra, 8);
      u64(extra, size);
    }
    u32(central, 0x02014b50);
    [20, 20, 0, 0, 0, 0].forEach((v) => u16(central, v));
    u32(central, 0);
    u32(central, entry.data.length);
    u32(central, entry.zip64 ? 0xffffffff : size);
    u16(central, name.length);
    u16(central, extra.length);
    [0, 0, 0].forEach((v) => u16(central, v));
    u32(central, 0);
    u32(central, offset);
    central.push(...name, ...extra);
  }
  const directoryOffset = parts.length;
  const out = [...parts, ...central];
  const text = new TextEncoder().encode(comment);
  u32(out, 0x06054b50);
  [0, 0, entries.length, entries.length].forEach((v) => u16(out, v));
  u32(out, central.length);
  u32(out, directoryOffset);
  u16(out, text.length);
  out.push(...text);
  return new Uint8Array(out);
}

const xml = new TextEncoder().encode('<worksheet/>');

describe('the size a ZIP declares once expanded', () => {
  it('is the sum of its entries’ uncompressed sizes, behind a comment or in a ZIP64 field too', () => {
    expect(
      zipExpandedSize(
        zip([
          { name: 'a.xml', data: xml },
          { name: 'b.xml', data: xml },
        ]),
      ),
    ).toBe(2 * xml.length);
    expect(zipExpandedSize(zip([{ name: 'a.xml', data: xml, declared: 301 * 1024 * 1024 }], 'PK\u0005\u0006 in a comment'))).toBe(301 * 1024 * 1024);
    expect(zipExpandedSize(zip([{ name: 'a.xml', data: xml, declared: 6 * 2 ** 32, zip64: true }]))).toBe(6 * 2 ** 32);
  });

  it('is unknown for bytes without a readable central directory', () => {
    expect(zipExpandedSize(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]))).toBeNull();
    const damaged = zip([{ name: 'a.xml', data: xml }]);
    // The end record points into the middle of the file, where no directory entry starts.
    new DataView(damaged.buffer).setUint32(damaged.length - 22 + 16, 3, true);
    expect(zipExpandedSize(damaged)).toBeNull();
  });
});

describe('a workbook', () => {
  it('whose sheet declares 301 MB once expanded is refused by that size and the limit, before it is read', async () => {
    const bytes = await bloatedWorkbook(301);
    expect(await parseWorkbook(bytes)).toEqual({
      ok: false,
      error: { key: 'tooBigExpanded', params: { size: 301, max: WORKBOOK_MAX_EXPANDED_BYTES / 1024 / 1024 } },
    });
  });
});
