import * as XLSX from '@e965/xlsx';

import { AppError } from '../errors/app-error';

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

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

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

function refuse(message: string): AppError {
  return new AppError('ERR_VALIDATION', message, { fields: [{ path: 'file', message }] });
}

/** The file's kind by its extension *and* its first bytes (a renamed PDF or text file is refused). */
function kindOf(fileName: string, bytes: Buffer, accepted: readonly SpreadsheetKind[], refusals: SpreadsheetRefusals): SpreadsheetKind {
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  if (!(accepted as readonly string[]).includes(extension)) throw refuse(refusals.extension);
  if (extension === 'xlsx' && bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (extension === 'xls' && bytes.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  if (extension === 'csv' && !bytes.includes(0)) return 'csv';
  throw refuse(refusals.notASheet);
}

/**
 * Reads the first sheet of an upload with SheetJS (@e965/xlsx, decision 0014): formulas are read as
 * their stored values, never evaluated; at most `maxRows` rows after the header are read.
 */
export function readSpreadsheet(
  fileName: string,
  bytes: Buffer,
  options: { accepted: readonly SpreadsheetKind[]; maxRows: number; refusals: SpreadsheetRefusals },
): SpreadsheetTable {
  const kind = kindOf(fileName, bytes, options.accepted, options.refusals);
  let workbook: XLSX.WorkBook;
  try {
    const common = { sheetRows: options.maxRows + 2, dense: true, cellFormula: false, cellHTML: false } as const;
    workbook =
      kind === 'csv'
        ? XLSX.read(bytes.toString('utf8').replace(/^\uFEFF/, ''), { ...common, type: 'string', raw: true })
        : XLSX.read(bytes, { ...common, type: 'buffer' });
  } catch {
    throw refuse(options.refusals.notASheet);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw refuse(options.refusals.empty);
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const headers = (table[0] ?? []).map(cellText);
  const rows = table
    .slice(1, options.maxRows + 1)
    .map((cells, offset) => ({ row: offset + 2, cells: cells.map(cellText) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  return { headers, rows, overflow: table.length > options.maxRows + 1 };
}

/** An .xlsx of one sheet with these rows (the first names the columns): sample sheets to download. */
export function writeSpreadsheet(sheetName: string, rows: readonly (readonly (string | number)[])[]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
