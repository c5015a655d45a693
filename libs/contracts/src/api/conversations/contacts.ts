import { z } from 'zod';

import { normalisePhoneNumber } from '../../phone';
import { CONTACT_NAME_MAX, CONTACT_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';
import { tagSchema } from './tags';

// ---------------------------------------------------------------------------------------------
// Contacts
// ---------------------------------------------------------------------------------------------

export const contactExtraInfoSchema = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, M.required).max(100, M.tooLong),
  value: z.string().max(1_000, M.tooLong),
});
export type ContactExtraInfo = z.infer<typeof contactExtraInfoSchema>;

export const contactSchema = z.object({
  id,
  uuid: z.uuid(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  active: z.boolean(),
  isGroup: z.boolean(),
  /** The connection the contact first wrote through (the spec's `whatsapp`). */
  whatsappId: id.nullable(),
  extraInfo: z.array(contactExtraInfoSchema),
  companyId: id,
  /** The last ticket's updatedAt: the contacts table's last interaction. */
  lastInteractionAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Contact = z.infer<typeof contactSchema>;

const contactName = z.string({ error: M.required }).trim().min(CONTACT_NAME_MIN, M.tooShort).max(CONTACT_NAME_MAX, M.tooLong);
const contactNumber = z
  .string({ error: M.required })
  .trim()
  .transform(normalisePhoneNumber)
  .pipe(
    z
      .string()
      .min(CONTACT_NUMBER_MIN, M.tooShort)
      .max(CONTACT_NUMBER_MAX, M.tooLong)
      .regex(/^[\d-]+$/, 'Número inválido'),
  );

/** POST /contacts. */
export const contactCreateSchema = z.object({
  name: contactName,
  number: contactNumber,
  email: z.union([z.literal(''), z.email(M.invalidEmail)]).default(''),
  extraInfo: z.array(contactExtraInfoSchema).max(50).default([]),
});
export type ContactCreateBody = z.input<typeof contactCreateSchema>;
/** PUT /contacts/{id}. */
export const contactUpdateSchema = contactCreateSchema.partial();
export type ContactUpdateBody = z.input<typeof contactUpdateSchema>;

/** GET /contacts/ query. */
export const contactListQuerySchema = z.object({ searchParam, pageNumber });
/**
 * A contact of GET /contacts/ carries its tags: those of its tickets (tags are set on tickets here), by
 * name. The ticketz client shows them in its contacts list.
 */
export const contactTagSchema = tagSchema.pick({ id: true, name: true, color: true });
export const contactWithTagsSchema = contactSchema.extend({ tags: z.array(contactTagSchema).default([]) });
export type ContactTag = z.infer<typeof contactTagSchema>;
export type ContactWithTags = z.infer<typeof contactWithTagsSchema>;
export const contactListResponseSchema = z.object({ contacts: z.array(contactWithTagsSchema), hasMore: z.boolean() });
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;
/** GET /contacts/list: every contact of the company, as a plain array. */
export const contactAllResponseSchema = z.array(contactSchema);
/** DELETE /contacts/{id}. */
export const contactDeleteResponseSchema = z.object({ message: z.string() });

/** Sheets accepted by POST /contacts/upload (multipart `file`). */
export const CONTACT_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_SHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
/** Rows read from one sheet at most; the rest are refused. */
export const CONTACT_SHEET_MAX_ROWS = 100_000;

/** POST /contacts/import: the connected phone's address book, as contacts (existing numbers skipped). */
export const contactImportResponseSchema = z.object({ imported: z.number().int().min(0), skipped: z.number().int().min(0) });
export type ContactImportResponse = z.infer<typeof contactImportResponseSchema>;

export const CONTACT_SHEET_FIELDS = ['name', 'number', 'email', 'extraInfo'] as const;
export const CONTACT_SHEET_PROBLEMS = ['required', 'tooShort', 'tooLong', 'invalid'] as const;

/**
 * A refused row of a sheet: `fields` says what is wrong with which field (one problem per field),
 * for the web to say in the user's language; `rowLimit` marks the rows past the limit, which are not
 * read. `reason` is the same in words, for other API clients.
 */
export const contactSheetInvalidRowSchema = z.object({
  row: z.number().int().min(1),
  reason: z.string(),
  fields: z.array(z.object({ field: z.enum(CONTACT_SHEET_FIELDS), problem: z.enum(CONTACT_SHEET_PROBLEMS) })),
  rowLimit: z.boolean(),
});
export type ContactSheetInvalidRow = z.infer<typeof contactSheetInvalidRowSchema>;

/** POST /contacts/upload: what became of each row (row numbers as the sheet shows them, header = 1). */
export const contactUploadResponseSchema = z.object({
  created: z.number().int().min(0),
  skipped: z.number().int().min(0),
  invalid: z.array(contactSheetInvalidRowSchema),
});
export type ContactUploadResponse = z.infer<typeof contactUploadResponseSchema>;

/** What a ticket or message carries of its contact. */
export const contactRefSchema = contactSchema.pick({
  id: true,
  uuid: true,
  name: true,
  number: true,
  email: true,
  profilePicUrl: true,
  isGroup: true,
});
export type ContactRef = z.infer<typeof contactRefSchema>;

/** `company-{id}-contact`. */
export const contactSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), contact: contactSchema }),
  z.object({ action: z.literal('update'), contact: contactSchema }),
  z.object({ action: z.literal('delete'), contactId: id }),
]);
export type ContactSocketPayload = z.infer<typeof contactSocketPayloadSchema>;
