import {
  CONTACT_LIST_SHEET_EXTENSIONS,
  CONTACT_LIST_SHEET_FIELDS,
  CONTACT_LIST_SHEET_MAX_ROWS,
  type ContactListItemFields,
  contactListItemFieldsSchema,
  type ContactListSheetInvalidRow,
} from '@app/contracts';
import { contactColumns, forEachInSlices, normaliseSheetHeader, readSpreadsheet, refuseSheet } from '@app/platform';
import type { z } from 'zod';

type SheetField = (typeof CONTACT_LIST_SHEET_FIELDS)[number];

type CompanyField = Exclude<SheetField, 'name' | 'number' | 'email'>;

/**
 * Header names of the company fields, compared without case or accents: the sample sheet's, the
 * API's, and common ones (name, number and e-mail are platform's contactColumns, as contacts read them).
 */
const COLUMNS: Record<CompanyField, readonly string[]> = {
  Cnpj: ['cnpj'],
  RazaoSocial: ['razao social', 'razaosocial'],
  NomeFantasia: ['nome fantasia', 'nomefantasia'],
  CnaeFiscal: ['cnae fiscal', 'cnaefiscal', 'cnae'],
  DescricaoTipoLogradouro: ['tipo logradouro', 'tipo de logradouro', 'descricao tipo logradouro', 'descricaotipologradouro'],
  Logradouro: ['logradouro', 'endereco', 'rua'],
  Numero: ['numero endereco', 'numero do endereco', 'numeroendereco', 'nº', 'n°'],
  Complemento: ['complemento'],
  Bairro: ['bairro'],
  Cep: ['cep'],
  UF: ['uf', 'estado'],
  Municipio: ['municipio', 'cidade'],
  Observacao: ['observacao', 'observacoes', 'obs'],
};

/** The sample sheet offered for download: its columns as the parser reads them, and one example row. */
export const SAMPLE_SHEET_ROWS: (string | number)[][] = [
  [
    'Nome',
    'Numero',
    'Email',
    'CNPJ',
    'Razao Social',
    'Nome Fantasia',
    'CNAE Fiscal',
    'Tipo Logradouro',
    'Logradouro',
    'Numero Endereco',
    'Complemento',
    'Bairro',
    'CEP',
    'UF',
    'Municipio',
    'Observacao',
  ],
  [
    'Maria Souza',
    '5511999990001',
    'maria@example.com',
    '12.345.678/0001-90',
    'Souza Comércio Ltda',
    'Loja da Maria',
    '4781-4/00',
    'Rua',
    'das Flores',
    '100',
    'Sala 2',
    'Centro',
    '01001-000',
    'SP',
    'São Paulo',
    'Cliente desde 2020',
  ],
];

export interface ParsedContactListSheet {
  items: (ContactListItemFields & { row: number })[];
  invalid: ContactListSheetInvalidRow[];
}

/** What is wrong with each field of a row (its first problem), in words the web translates. */
function fieldProblems(
  issues: readonly z.core.$ZodIssue[],
  raw: Partial<Record<SheetField, string>>,
): ContactListSheetInvalidRow['fields'] {
  const fields: ContactListSheetInvalidRow['fields'] = [];
  for (const issue of issues) {
    const field = CONTACT_LIST_SHEET_FIELDS.find((name) => name === issue.path[0]);
    if (!field || fields.some((known) => known.field === field)) continue;
    const empty = !raw[field]?.trim();
    const problem =
      issue.code === 'invalid_type' || (issue.code === 'too_small' && empty) || (issue.message === 'Required' && empty)
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
 * Reads the first sheet of an .xlsx, .xls or .csv (in a worker thread) of at most
 * CONTACT_LIST_SHEET_MAX_ROWS rows: the first row names the columns (a number column is required:
 * without it nothing is read); each row is validated as POST /contact-list-items validates its body,
 * a few hundred at a time, a missing name becoming the number.
 */
export async function readContactListSheet(fileName: string, bytes: Buffer): Promise<ParsedContactListSheet> {
  const table = await readSpreadsheet(fileName, bytes, {
    accepted: CONTACT_LIST_SHEET_EXTENSIONS.map((extension) => extension.slice(1) as 'xlsx' | 'xls' | 'csv'),
    maxRows: CONTACT_LIST_SHEET_MAX_ROWS,
    refusals: {
      extension: 'Envie uma planilha .xlsx, .xls ou .csv',
      notASheet: 'O arquivo não é uma planilha válida',
      empty: 'A planilha está vazia',
    },
  });
  // A list fed to a campaign is imported whole or not at all: a longer sheet is refused, not cut.
  if (table.overflow) {
    throw refuseSheet(
      'tooManyRows',
      `A planilha tem mais de ${CONTACT_LIST_SHEET_MAX_ROWS} linhas: divida-a em planilhas menores`,
      CONTACT_LIST_SHEET_MAX_ROWS,
    );
  }
  const contact = contactColumns(table.headers);
  if (!contact.hasNumber) throw refuseSheet('noNumberColumn', 'A planilha precisa de uma coluna Numero (ou number, telefone)');
  const headers = table.headers.map(normaliseSheetHeader);
  const columns = Object.fromEntries(
    (Object.keys(COLUMNS) as CompanyField[]).map((field) => [field, headers.findIndex((header) => COLUMNS[field].includes(header))]),
  ) as Record<CompanyField, number>;
  const result: ParsedContactListSheet = { items: [], invalid: [] };
  await forEachInSlices(table.rows, ({ row, cells }) => {
    const raw = {
      name: contact.name(cells),
      number: contact.number(cells),
      email: contact.email(cells),
      ...Object.fromEntries(
        (Object.keys(COLUMNS) as CompanyField[]).map((field) => [field, columns[field] >= 0 ? (cells[columns[field]] ?? '') : '']),
      ),
    } as Record<SheetField, string>;
    const parsed = contactListItemFieldsSchema.safeParse({ ...raw, name: raw.name || raw.number });
    if (parsed.success) result.items.push({ row, ...parsed.data });
    else {
      result.invalid.push({
        row,
        reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        fields: fieldProblems(parsed.error.issues, raw),
        rowLimit: false,
      });
    }
  });
  return result;
}
