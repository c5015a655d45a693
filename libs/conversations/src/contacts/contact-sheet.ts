import {
  CONTACT_SHEET_EXTENSIONS,
  CONTACT_SHEET_FIELDS,
  CONTACT_SHEET_MAX_ROWS,
  contactCreateSchema,
  type ContactExtraInfo,
  type ContactSheetInvalidRow,
} from '@app/contracts';
import { AppError, normaliseSheetHeader, readSpreadsheet } from '@app/platform';
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

export const normaliseHeader = normaliseSheetHeader;

function refuse(message: string): AppError {
  return new AppError('ERR_VALIDATION', message, { fields: [{ path: 'file', message }] });
}

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
  const table = readSpreadsheet(fileName, bytes, {
    accepted: CONTACT_SHEET_EXTENSIONS.map((extension) => extension.slice(1) as 'xlsx' | 'xls' | 'csv'),
    maxRows: CONTACT_SHEET_MAX_ROWS,
    refusals: {
      extension: 'Envie uma planilha .xlsx, .xls ou .csv',
      notASheet: 'O arquivo não é uma planilha válida',
      empty: 'A planilha está vazia',
    },
  });
  const headers = table.headers;
  const column = (names: readonly string[]) => headers.findIndex((header) => names.includes(normaliseHeader(header)));
  const nameAt = column(COLUMNS.name);
  const numberAt = column(COLUMNS.number);
  const emailAt = column(COLUMNS.email);
  if (numberAt < 0) throw refuse('A planilha precisa de uma coluna de número (number, numero, número ou telefone)');
  const extraAt = headers
    .map((header, index) => ({ header, index }))
    .filter(({ header, index }) => header && ![nameAt, numberAt, emailAt].includes(index));

  const result: ParsedSheet = { contacts: [], invalid: [] };
  table.rows.forEach(({ row, cells }) => {
    const text = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
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
  if (table.overflow) {
    result.invalid.push({
      row: CONTACT_SHEET_MAX_ROWS + 2,
      reason: `only the first ${CONTACT_SHEET_MAX_ROWS} rows are read`,
      fields: [],
      rowLimit: true,
    });
  }
  return result;
}
