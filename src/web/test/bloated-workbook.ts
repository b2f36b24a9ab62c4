// A small real workbook whose ZIP directory declares `megabytes` in all once expanded, most of it its
// sheet's (the second outside audit's workbook: 404 kB expanding to 301 MB of sheet XML).

export async function bloatedWorkbook(megabytes: number): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Arkusz').addRow(['Imię', 'Nazwisko', 'Grupa']);
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
  const view = new DataView(bytes.buffer);
  let sheet = -1;
  let others = 0;
  for (let at = 0; at + 46 < bytes.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    if (length === name.length && name.every((b, i) => bytes[at + 46 + i] === b)) sheet = at;
    else others += view.getUint32(at + 24, true);
  }
  if (sheet < 0) throw new Error('the workbook has no sheet1.xml entry');
  view.setUint32(sheet + 24, megabytes * 1024 * 1024 - others, true);
  return bytes;
}
