import * as XLSX from '@e965/xlsx';

import { csvRecords, longestCsvLineOver } from './csv-table';
import { SHEET_LIMITS } from './sheet-limits';
import { byteSize, refuseSheet } from './sheet-refusal';
import { unpackZipEntry, UnreadableZip, zipEntries, type ZipEntry, zipEntryCount, ZipPartTooLarge } from './zip-directory';

/** A sheet's first row (column names) and its non-empty rows as text, each with its row number as the sheet shows it. */
export interface SpreadsheetTable {
  headers: string[];
  rows: { row: number; cells: string[] }[];
  /** More rows than `maxRows` were in the sheet: the rest were not read. */
  overflow: boolean;
}

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** What the caller says when a file is refused: the user reads it. */
export interface SpreadsheetRefusals {
  extension: string;
  notASheet: string;
  empty: string;
}

export interface SpreadsheetOptions {
  accepted: readonly SpreadsheetKind[];
  /** Rows read after the header, at most SHEET_LIMITS.rows. */
  maxRows: number;
  refusals: SpreadsheetRefusals;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SHEET_PART = /^xl\/(work|chart|dialog|macro)sheets\/[^/]+\.xml$/i;
const SHARED_STRINGS_PART = /^xl\/sharedstrings\.xml$/i;
/** The parts SheetJS reads a workbook from; images, printer settings and the like are left packed. */
const READ_PART = /\.(xml|rels)$/i;

/** A header compared without case, accents or surrounding spaces ('Número ' is 'numero'). */
export const normaliseSheetHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  // Whole numbers (phone numbers typed as numbers) without exponent or decimals.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
};

/** The file's kind by its extension *and* its first bytes (a renamed PDF or text file is refused). */
function kindOf(fileName: string, bytes: Buffer, options: SpreadsheetOptions): SpreadsheetKind {
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  if (!(options.accepted as readonly string[]).includes(extension)) throw refuseSheet('extension', options.refusals.extension);
  if (extension === 'xlsx' && bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (extension === 'xls' && bytes.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  if (extension === 'csv' && !bytes.includes(0)) return 'csv';
  throw refuseSheet('notASheet', options.refusals.notASheet);
}

/** The limits an .xlsx's central directory can be held to before anything is unpacked. */
function checkedZipEntries(zip: Buffer, options: SpreadsheetOptions): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    if (zipEntryCount(zip) > SHEET_LIMITS.parts) {
      throw refuseSheet('tooManyParts', `A planilha tem mais de ${SHEET_LIMITS.parts} partes`, SHEET_LIMITS.parts);
    }
    entries = zipEntries(zip);
  } catch (error) {
    if (error instanceof UnreadableZip) throw refuseSheet('notASheet', options.refusals.notASheet);
    throw error;
  }
  if (entries.filter((entry) => SHEET_PART.test(entry.name)).length > SHEET_LIMITS.sheets) {
    throw refuseSheet('tooManySheets', `A planilha tem mais de ${SHEET_LIMITS.sheets} abas`, SHEET_LIMITS.sheets);
  }
  const shared = entries.find((entry) => SHARED_STRINGS_PART.test(entry.name));
  if (shared && shared.uncompressedSize > SHEET_LIMITS.sharedStringsBytes) throw sharedStringsTooLarge();
  if (entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0) > SHEET_LIMITS.unpackedBytes) throw unpackedTooLarge();
  return entries;
}

const unpackedTooLarge = () =>
  refuseSheet('unpackedTooLarge', `A planilha descompactada passa de ${byteSize(SHEET_LIMITS.unpackedBytes)}`, SHEET_LIMITS.unpackedBytes);
const sharedStringsTooLarge = () =>
  refuseSheet(
    'sharedStringsTooLarge',
    `Os textos da planilha passam de ${byteSize(SHEET_LIMITS.sharedStringsBytes)} descompactados`,
    SHEET_LIMITS.sharedStringsBytes,
  );
const tooManyColumns = () => refuseSheet('tooManyColumns', `A planilha tem mais de ${SHEET_LIMITS.columns} colunas`, SHEET_LIMITS.columns);

/**
 * What can be refused at once, without reading the sheet: its kind, and for an .xlsx what its central
 * directory says (parts, sheets, unpacked sizes); for a CSV, a line over the length limit. Cheap (no
 * unpacking, no parsing), so it runs on the request's thread and a bomb is answered before it queues.
 */
export function checkSpreadsheet(fileName: string, bytes: Buffer, options: SpreadsheetOptions): SpreadsheetKind {
  const kind = kindOf(fileName, bytes, options);
  if (kind === 'xlsx') checkedZipEntries(bytes, options);
  if (kind === 'csv' && longestCsvLineOver(bytes, SHEET_LIMITS.lineBytes)) {
    throw refuseSheet('lineTooLong', `Uma linha do CSV passa de ${byteSize(SHEET_LIMITS.lineBytes)}`, SHEET_LIMITS.lineBytes);
  }
  return kind;
}

/** The read options every workbook gets: first sheet only, stored values (formulas never run), rows cut at the limit. */
function workbookOptions(maxRows: number): XLSX.ParsingOptions {
  return { dense: true, sheets: 0, sheetRows: maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false };
}

/** An .xlsx's first sheet, its parts unpacked within the limits whatever its directory claims. */
function xlsxWorkbook(zip: Buffer, options: SpreadsheetOptions, maxRows: number): XLSX.WorkBook {
  const container = XLSX.CFB.utils.cfb_new();
  let budget = SHEET_LIMITS.unpackedBytes;
  for (const entry of checkedZipEntries(zip, options)) {
    if (!READ_PART.test(entry.name)) continue;
    let content: Buffer;
    try {
      content = unpackZipEntry(zip, entry, budget);
    } catch (error) {
      if (error instanceof ZipPartTooLarge) throw unpackedTooLarge();
      throw refuseSheet('notASheet', options.refusals.notASheet);
    }
    budget -= content.length;
    XLSX.CFB.utils.cfb_add(container, entry.name, content);
  }
  return (XLSX as unknown as { parse_zip: (zip: unknown, options: XLSX.ParsingOptions) => XLSX.WorkBook }).parse_zip(
    container,
    workbookOptions(maxRows),
  );
}

/** The first sheet's cells as rows of values, the header first. */
function workbookTable(kind: 'xlsx' | 'xls', bytes: Buffer, options: SpreadsheetOptions, maxRows: number): unknown[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = kind === 'xlsx' ? xlsxWorkbook(bytes, options, maxRows) : XLSX.read(bytes, { ...workbookOptions(maxRows), type: 'buffer' });
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw refuseSheet('notASheet', options.refusals.notASheet);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet?.['!ref']) throw refuseSheet('empty', options.refusals.empty);
  // Before any row is made: one cell at column XFD would make every row 16,384 cells wide.
  if (XLSX.utils.decode_range(sheet['!ref']).e.c >= SHEET_LIMITS.columns) throw tooManyColumns();
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

/**
 * Reads the first sheet of an upload (SheetJS for .xlsx and .xls, decision 0014; csv-parse for .csv),
 * every limit of SHEET_LIMITS checked while reading: formulas are read as their stored values, never
 * evaluated; at most `maxRows` rows after the header are read. CPU-bound: requests call
 * {@link readSpreadsheet}, which runs this in a worker thread.
 */
export function parseSpreadsheet(fileName: string, bytes: Buffer, options: SpreadsheetOptions): SpreadsheetTable {
  const kind = checkSpreadsheet(fileName, bytes, options);
  const maxRows = Math.min(options.maxRows, SHEET_LIMITS.rows);
  const table = kind === 'csv' ? csvRecords(bytes, maxRows + 2, options.refusals.notASheet) : workbookTable(kind, bytes, options, maxRows);
  if (table.length === 0) throw refuseSheet('empty', options.refusals.empty);
  if (table.some((cells) => cells.length > SHEET_LIMITS.columns)) throw tooManyColumns();
  const headers = table[0]!.map(cellText);
  const rows = table
    .slice(1, maxRows + 1)
    .map((cells, offset) => ({ row: offset + 2, cells: cells.map(cellText) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  return { headers, rows, overflow: table.length > maxRows + 1 };
}

/** An .xlsx of one sheet with these rows (the first names the columns): sample sheets to download. */
export function writeSpreadsheet(sheetName: string, rows: readonly (readonly (string | number)[])[]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
