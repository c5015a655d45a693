import { z } from 'zod';

import { normalisePhoneNumber } from '../../phone';
import { idParamSchema } from '../primitives';
import {
  CONTACT_LIST_ITEM_FIELD_MAX,
  CONTACT_LIST_ITEM_NAME_MAX,
  CONTACT_LIST_ITEM_NAME_MIN,
  CONTACT_LIST_ITEM_NOTE_MAX,
  CONTACT_LIST_ITEM_NUMBER_MAX,
  CONTACT_LIST_ITEM_NUMBER_MIN,
  CONTACT_LIST_NAME_MAX,
  CONTACT_LIST_NAME_MIN,
} from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// Contact lists (spec 2): named lists of contacts that feed campaigns
// ---------------------------------------------------------------------------------------------

/**
 * A contact list: `contactsCount` its items, `validCount` those WhatsApp knows, `pendingCount`
 * those whose number is still to be checked (the import's progress).
 */
export const contactListSchema = z.object({
  id,
  name: z.string(),
  contactsCount: z.number().int().min(0),
  validCount: z.number().int().min(0),
  pendingCount: z.number().int().min(0),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ContactList = z.infer<typeof contactListSchema>;

/** POST /contact-lists and PUT /contact-lists/{id} {name}: 2 to 50 ('Too Short!', 'Too Long!', 'Required'). */
export const contactListBodySchema = z.object({
  name: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required, abort: true })
    .min(CONTACT_LIST_NAME_MIN, M.tooShort)
    .max(CONTACT_LIST_NAME_MAX, M.tooLong),
});
export type ContactListBody = z.input<typeof contactListBodySchema>;

/** GET /contact-lists/?searchParam=&pageNumber= → {records, count, hasMore}. */
export const contactListPageQuerySchema = z.object({ searchParam, pageNumber });
export const contactListPageResponseSchema = z.object({
  records: z.array(contactListSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type ContactListPageResponse = z.infer<typeof contactListPageResponseSchema>;

/** GET /contact-lists/list: every list of the company, by name (the campaign form's select). */
export const contactListAllResponseSchema = z.array(z.object({ id, name: z.string(), contactsCount: z.number().int().min(0) }));
export type ContactListSummary = z.infer<typeof contactListAllResponseSchema>[number];

export const contactListDeleteResponseSchema = z.object({ message: z.string() });

// ---- items ----------------------------------------------------------------------------------

/**
 * The company fields of an item, under the names the spec gives them (the Whaticket family's): the
 * web shows them as columns, 'Não informado' when an address field is empty.
 */
export const CONTACT_LIST_ITEM_COMPANY_FIELDS = [
  'Cnpj',
  'RazaoSocial',
  'NomeFantasia',
  'CnaeFiscal',
  'DescricaoTipoLogradouro',
  'Logradouro',
  'Numero',
  'Complemento',
  'Bairro',
  'Cep',
  'UF',
  'Municipio',
  'Observacao',
] as const;
export type ContactListItemCompanyField = (typeof CONTACT_LIST_ITEM_COMPANY_FIELDS)[number];

/** A contact of a list; `isWhatsappValid` is null until its number has been checked on WhatsApp. */
export const contactListItemSchema = z.object({
  id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  Cnpj: z.string(),
  RazaoSocial: z.string(),
  NomeFantasia: z.string(),
  CnaeFiscal: z.string(),
  DescricaoTipoLogradouro: z.string(),
  Logradouro: z.string(),
  Numero: z.string(),
  Complemento: z.string(),
  Bairro: z.string(),
  Cep: z.string(),
  UF: z.string(),
  Municipio: z.string(),
  Observacao: z.string(),
  isWhatsappValid: z.boolean().nullable(),
  companyId: id,
  contactListId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

const itemName = z
  .string({ error: M.required })
  .trim()
  .min(1, { error: M.required, abort: true })
  .min(CONTACT_LIST_ITEM_NAME_MIN, M.tooShort)
  .max(CONTACT_LIST_ITEM_NAME_MAX, M.tooLong);
const itemNumber = z
  .string({ error: M.required })
  .trim()
  .min(1, { error: M.required, abort: true })
  .transform(normalisePhoneNumber)
  .pipe(
    z.string().min(CONTACT_LIST_ITEM_NUMBER_MIN, M.tooShort).max(CONTACT_LIST_ITEM_NUMBER_MAX, M.tooLong).regex(/^\d+$/, M.invalidNumber),
  );
const freeText = (max = CONTACT_LIST_ITEM_FIELD_MAX) =>
  z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, M.tooLong));

/** The fields of an item a sheet row or a form gives: name 2 to 50, number 8 to 50, a valid email or none. */
export const contactListItemFieldsSchema = z.object({
  name: itemName,
  number: itemNumber,
  email: z.preprocess(
    (value) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : value),
    z.union([z.literal(''), z.email(M.invalidEmail)]),
  ),
  Cnpj: freeText(),
  RazaoSocial: freeText(),
  NomeFantasia: freeText(),
  CnaeFiscal: freeText(),
  DescricaoTipoLogradouro: freeText(),
  Logradouro: freeText(),
  Numero: freeText(),
  Complemento: freeText(),
  Bairro: freeText(),
  Cep: freeText(),
  UF: freeText(),
  Municipio: freeText(),
  Observacao: freeText(CONTACT_LIST_ITEM_NOTE_MAX),
});
export type ContactListItemFields = z.output<typeof contactListItemFieldsSchema>;

/**
 * POST /contact-list-items: the item fields plus contactListId (and the Whaticket web's companyId,
 * which is not read: the token says whose company it is).
 */
export const contactListItemCreateSchema = contactListItemFieldsSchema.extend({
  contactListId: idParamSchema,
  companyId: z.unknown().optional(),
});
export type ContactListItemCreateBody = z.input<typeof contactListItemCreateSchema>;

/** PUT /contact-list-items/{id}: the same payload; the list of an item does not change. */
export const contactListItemUpdateSchema = contactListItemFieldsSchema.extend({
  contactListId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type ContactListItemUpdateBody = z.input<typeof contactListItemUpdateSchema>;

/** GET /contact-list-items?searchParam=&pageNumber=&contactListId= → {contacts, count, hasMore}. */
export const contactListItemPageQuerySchema = z.object({ searchParam, pageNumber, contactListId: idParamSchema });
export const contactListItemPageResponseSchema = z.object({
  contacts: z.array(contactListItemSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type ContactListItemPageResponse = z.infer<typeof contactListItemPageResponseSchema>;

export const contactListItemDeleteResponseSchema = z.object({ message: z.string() });

// ---- sheet import ---------------------------------------------------------------------------

export const CONTACT_LIST_SHEET_PROBLEMS = ['required', 'tooShort', 'tooLong', 'invalid'] as const;
export const CONTACT_LIST_SHEET_FIELDS = ['name', 'number', 'email', ...CONTACT_LIST_ITEM_COMPANY_FIELDS] as const;

/** A refused row: which field is wrong and how (the web says it in the user's language); `reason` the same in words. */
export const contactListSheetInvalidRowSchema = z.object({
  row: z.number().int().min(1),
  reason: z.string(),
  fields: z.array(z.object({ field: z.enum(CONTACT_LIST_SHEET_FIELDS), problem: z.enum(CONTACT_LIST_SHEET_PROBLEMS) })),
  rowLimit: z.boolean(),
});
export type ContactListSheetInvalidRow = z.infer<typeof contactListSheetInvalidRowSchema>;

/**
 * POST /contact-lists/{id}/upload (multipart `file`, .xls or .xlsx): `created` rows became items,
 * `skipped` had a number the list already holds (or repeated one of the sheet), `invalid` were refused.
 * Nothing is imported when the sheet itself is refused (wrong columns, not a spreadsheet).
 */
export const contactListUploadResponseSchema = z.object({
  created: z.number().int().min(0),
  skipped: z.number().int().min(0),
  invalid: z.array(contactListSheetInvalidRowSchema),
});
export type ContactListUploadResponse = z.infer<typeof contactListUploadResponseSchema>;

// ---- socket payloads ------------------------------------------------------------------------

/** `company-{id}-ContactList`: a list was created, changed (name, counts) or deleted. */
export const contactListSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), record: contactListSchema }),
  z.object({ action: z.literal('update'), record: contactListSchema }),
  z.object({ action: z.literal('delete'), id }),
]);
export type ContactListSocketPayload = z.infer<typeof contactListSocketPayloadSchema>;

/**
 * `company-{id}-ContactListItem` and `company-{id}-ContactListItem-{listId}`: an item was created,
 * changed or deleted; `reload` after an import or a batch of number checks (the list's items load again).
 */
export const contactListItemSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), record: contactListItemSchema }),
  z.object({ action: z.literal('update'), record: contactListItemSchema }),
  z.object({ action: z.literal('delete'), id, contactListId: id }),
  z.object({ action: z.literal('reload'), contactListId: id }),
]);
export type ContactListItemSocketPayload = z.infer<typeof contactListItemSocketPayloadSchema>;
