import {
  CONTACT_SHEET_EXTENSIONS,
  CONTACT_SHEET_FIELDS,
  CONTACT_SHEET_MAX_ROWS,
  contactCreateSchema,
  type ContactExtraInfo,
  type ContactSheetInvalidRow,
} from '@app/contracts';
import { AppError } from '@app/platform';
import * as XLSX from '@e965/xlsx';
import type { z } from 'zod';

/** A sheet row that passed POST /contacts' own validation (number normalised to digits). */
export interface SheetContact {
  row: number;
  name: string;
  number: string;
  email: string;
  extraInfo: ContactExtraInfo[];
}

export interface ParsedSheet {
  contacts: SheetContact[];
  invalid: ContactSheetInvalidRow[];
}

/** Header names, compared without case or accents (the Whaticket family's sheet). */
const COLUMNS = {
  name: ['name', 'nome'],
  number: ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'e-mail'],
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const normaliseHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

function refuse(message: string): AppError {
  return new AppError('ERR_VALIDATION', message, { fields: [{ path: 'file', message }] });
}

/** The file's kind, by its extension and its first bytes (a renamed PDF or text file is refused). */
function kindOf(fileName: string, bytes: Buffer): 'xlsx' | 'xls' | 'csv' {
  const extension = (/\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '') as (typeof CONTACT_SHEET_EXTENSIONS)[number];
  if (!CONTACT_SHEET_EXTENSIONS.includes(extension)) throw refuse('Envie uma planilha .xlsx, .xls ou .csv');
  if (extension === '.xlsx' && bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (extension === '.xls' && bytes.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  if (extension === '.csv' && !bytes.includes(0)) return 'csv';
  throw refuse('O arquivo não é uma planilha válida');
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  // Whole numbers (phone numbers typed as numbers) without exponent or decimals.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
};

/**
 * Reads the first sheet of an .xlsx, .xls or .csv: the first row names the columns (name/nome,
 * number/numero/número/telefone, email; any other column is kept as extra info). Each row is
 * validated as POST /contacts validates its body; a missing name becomes the number.
 */
/**
 * What is wrong with each field of a row (its first problem), in words the web translates; `raw`
 * is the row's cells, so that an empty one reads 'required' rather than 'too short'.
 */
export function fieldProblems(issues: readonly z.core.$ZodIssue[], raw: Partial<Record<string, string>>): ContactSheetInvalidRow['fields'] {
  const fields: ContactSheetInvalidRow['fields'] = [];
  for (const issue of issues) {
    const field = CONTACT_SHEET_FIELDS.find((name) => name === issue.path[0]);
    if (!field || fields.some((known) => known.field === field)) continue;
    const problem =
      issue.code === 'invalid_type' || (issue.code === 'too_small' && !raw[field]?.trim())
        ? 'required'
        : issue.code === 'too_small'
          ? 'tooShort'
          : issue.code === 'too_big'
            ? 'tooLong'
            : 'invalid';
    fields.push({ field, problem });
  }
  return fields;
}

export function parseContactSheet(fileName: string, bytes: Buffer): ParsedSheet {
  const kind = kindOf(fileName, bytes);
  let workbook: XLSX.WorkBook;
  try {
    workbook =
      kind === 'csv'
        ? XLSX.read(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
            type: 'string',
            raw: true,
            sheetRows: CONTACT_SHEET_MAX_ROWS + 2,
            dense: true,
          })
        : XLSX.read(bytes, { type: 'buffer', sheetRows: CONTACT_SHEET_MAX_ROWS + 2, dense: true, cellFormula: false, cellHTML: false });
  } catch {
    throw refuse('O arquivo não é uma planilha válida');
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw refuse('A planilha está vazia');
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const headers = (table[0] ?? []).map(cellText);
  const column = (names: readonly string[]) => headers.findIndex((header) => names.includes(normaliseHeader(header)));
  const nameAt = column(COLUMNS.name);
  const numberAt = column(COLUMNS.number);
  const emailAt = column(COLUMNS.email);
  if (numberAt < 0) throw refuse('A planilha precisa de uma coluna de número (number, numero, número ou telefone)');
  const extraAt = headers
    .map((header, index) => ({ header, index }))
    .filter(({ header, index }) => header && ![nameAt, numberAt, emailAt].includes(index));

  const result: ParsedSheet = { contacts: [], invalid: [] };
  table.slice(1, CONTACT_SHEET_MAX_ROWS + 1).forEach((cells, offset) => {
    const row = offset + 2;
    const text = (index: number) => (index >= 0 ? cellText(cells[index]) : '');
    if (cells.every((cell) => cellText(cell) === '')) return;
    const number = text(numberAt);
    const parsed = contactCreateSchema.safeParse({
      name: text(nameAt) || number,
      number,
      email: text(emailAt),
      extraInfo: extraAt
        .map(({ header, index }) => ({ name: header.slice(0, 100), value: text(index).slice(0, 1_000) }))
        .filter((item) => item.value !== '')
        .slice(0, 50),
    });
    if (!parsed.success) {
      result.invalid.push({
        row,
        reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        fields: fieldProblems(parsed.error.issues, { name: text(nameAt), number, email: text(emailAt) }),
        rowLimit: false,
      });
      return;
    }
    result.contacts.push({ row, ...parsed.data });
  });
  if (table.length > CONTACT_SHEET_MAX_ROWS + 1) {
    result.invalid.push({
      row: CONTACT_SHEET_MAX_ROWS + 2,
      reason: `only the first ${CONTACT_SHEET_MAX_ROWS} rows are read`,
      fields: [],
      rowLimit: true,
    });
  }
  return result;
}
