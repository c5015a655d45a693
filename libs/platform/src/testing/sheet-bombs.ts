// Sheets that cost far more to read than to send, built in memory (small to keep, quick to make):
// the sheet reader's tests and bench/spreadsheet-import.mjs refuse them. An .xlsx is a zip of XML
// parts; each bomb starts from a real one-sheet workbook (SheetJS) and swells one thing.
import zlib from 'node:zlib';

import * as XLSX from '@e965/xlsx';

/** A part of a zip: its bytes, or (too big to hold unpacked) its deflated bytes with its real size and crc. */
export interface ZipPart {
  name: string;
  data?: Buffer;
  packed?: Buffer;
  size?: number;
  crc?: number;
  /** What the directory says it unpacks to, when it should lie. */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A zip of these parts, deflated. `packed` gives a part's deflated bytes ready made (with its real
 * `size` and `crc`), for parts too big to hold unpacked; `declaredSize` makes the directory lie.
 */
export function zipParts(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = part.packed ?? zlib.deflateRawSync(part.data!);
    const size = part.declaredSize ?? part.size ?? part.data!.length;
    const crc = part.crc ?? (part.data ? crc32(part.data) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** The parts of a real .xlsx of these rows, by name. */
export function xlsxParts(rows: unknown[][]): Map<string, Buffer> {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  const container = XLSX.CFB.read(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }), { type: 'buffer' }) as {
    FullPaths: string[];
    FileIndex: { type: number; content: Uint8Array }[];
  };
  const parts = new Map<string, Buffer>();
  container.FullPaths.forEach((fullPath, i) => {
    const entry = container.FileIndex[i]!;
    if (entry.type === 2) parts.set(fullPath.replace(/^[^/]*\//, ''), Buffer.from(entry.content));
  });
  return parts;
}

const asList = (parts: Map<string, Buffer>): ZipPart[] => [...parts].map(([name, data]) => ({ name, data }));
const HEADER = [['Nome', 'Numero']];

/**
 * `bytes` of spaces, deflated in slices (never held unpacked): a part's packed bytes and size. Its crc
 * is left 0 (neither reader checks it before the sizes refuse the part).
 */
function packedRun(bytes: number): Promise<{ packed: Buffer; size: number; crc: number }> {
  const slice = Buffer.alloc(Math.min(bytes, 16 * 1024 * 1024), ' ');
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  for (let left = bytes; left > 0; left -= slice.length) deflate.write(left >= slice.length ? slice : slice.subarray(0, left));
  return new Promise((resolve) => deflate.end(() => resolve({ packed: Buffer.concat(out), size: bytes, crc: 0 })));
}

/**
 * A workbook with one more XML part of `bytes` of spaces: a ratio near 1000 to 1. `declaredSize`
 * makes its directory entry claim less than it unpacks to.
 */
export async function deepRatioBomb(bytes: number, { declaredSize }: { declaredSize?: number } = {}): Promise<Buffer> {
  const list = asList(xlsxParts(HEADER));
  list.push({ name: 'xl/padding.xml', ...(await packedRun(bytes)), declaredSize });
  return zipParts(list);
}

/** A workbook of `count` sheets (every one listed in the workbook, so a reader would parse them all). */
export function manySheetsBomb(count: number): Buffer {
  const parts = xlsxParts(HEADER);
  const sheet = parts.get('xl/worksheets/sheet1.xml')!;
  const sheets = Array.from({ length: count }, (_, i) => i + 1);
  parts.set(
    'xl/workbook.xml',
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
        .map((n) => `<sheet name="S${n}" sheetId="${n}" r:id="rId${n}"/>`)
        .join('')}</sheets></workbook>`,
    ),
  );
  parts.set(
    'xl/_rels/workbook.xml.rels',
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (n) =>
            `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ),
  );
  for (const n of sheets) parts.set(`xl/worksheets/sheet${n}.xml`, sheet);
  return zipParts(asList(parts));
}

/** A shared-strings part of about `bytes` of one-letter strings: millions of strings for a reader to build. */
export function sharedStringsBomb(bytes: number): Buffer {
  const parts = xlsxParts(HEADER);
  const item = '<si><t>a</t></si>';
  const count = Math.ceil(bytes / item.length);
  parts.set(
    'xl/sharedStrings.xml',
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${item.repeat(count)}</sst>`,
    ),
  );
  return zipParts(asList(parts));
}

/** A CSV whose second line is `bytes` long. */
export function longLineCsv(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('Nome,Numero\n'), Buffer.alloc(bytes, 'a'), Buffer.from('\n')]);
}
