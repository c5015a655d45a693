import {
  CONTACT_SHEET_EXTENSIONS,
  CONTACT_SHEET_FIELDS,
  CONTACT_SHEET_MAX_ROWS,
  contactCreateSchema,
  type ContactExtraInfo,
  type ContactSheetInvalidRow,
} from '@app/contracts';
import { contactColumns, forEachInSlices, readSpreadsheet, refuseSheet } from '@app/platform';
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

/**
 * Reads the first sheet of an .xlsx, .xls or .csv (in a worker thread): the first row names the
 * columns (platform's contactColumns: this product's, ticketz', Chatwoot's and Google Contacts'
 * names; any other column is kept as extra info). Each row is validated as POST /contacts validates
 * its body, a few hundred at a time; a missing name becomes the number.
 */
export async function readContactSheet(fileName: string, bytes: Buffer): Promise<ParsedSheet> {
  const table = await readSpreadsheet(fileName, bytes, {
    accepted: CONTACT_SHEET_EXTENSIONS.map((extension) => extension.slice(1) as 'xlsx' | 'xls' | 'csv'),
    maxRows: CONTACT_SHEET_MAX_ROWS,
    refusals: {
      extension: 'Envie uma planilha .xlsx, .xls ou .csv',
      notASheet: 'O arquivo não é uma planilha válida',
      empty: 'A planilha está vazia',
    },
  });
  const headers = table.headers;
  const columns = contactColumns(headers);
  if (!columns.hasNumber) {
    throw refuseSheet('noNumberColumn', 'A planilha precisa de uma coluna de número (number, numero, número ou telefone)');
  }
  const extraAt = headers.map((header, index) => ({ header, index })).filter(({ header, index }) => header && !columns.used.has(index));

  const result: ParsedSheet = { contacts: [], invalid: [] };
  await forEachInSlices(table.rows, ({ row, cells }) => {
    const name = columns.name(cells);
    const number = columns.number(cells);
    const email = columns.email(cells);
    const parsed = contactCreateSchema.safeParse({
      name: name || number,
      number,
      email,
      extraInfo: extraAt
        .map(({ header, index }) => ({ name: header.slice(0, 100), value: (cells[index] ?? '').slice(0, 1_000) }))
        .filter((item) => item.value !== '')
        .slice(0, 50),
    });
    if (!parsed.success) {
      result.invalid.push({
        row,
        reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        fields: fieldProblems(parsed.error.issues, { name, number, email }),
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
