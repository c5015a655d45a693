import { z } from 'zod';

import { FILE_LIST_MESSAGE_MAX, FILE_LIST_NAME_MAX, FILE_LIST_NAME_MIN, FILE_LIST_OPTIONS_MAX } from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// File lists (spec 2): named sets of attachments with a message, used by campaigns
// ---------------------------------------------------------------------------------------------

/** The media types an attachment is sent as (decided from the file's own bytes). */
export const FILE_LIST_MEDIA_TYPES = ['image', 'audio', 'video', 'document'] as const;
export type FileListMediaType = (typeof FILE_LIST_MEDIA_TYPES)[number];

/**
 * One attachment of a file list: `name` is what the user calls it; `path` (a media URL of this
 * platform), `mediaType` and `mimetype` are null until its file is uploaded; `fileName` the file's own name.
 */
export const fileListOptionSchema = z.object({
  id,
  name: z.string(),
  path: z.string().nullable(),
  mediaType: z.enum(FILE_LIST_MEDIA_TYPES).nullable(),
  mimetype: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type FileListOptionRecord = z.infer<typeof fileListOptionSchema>;

export const fileListSchema = z.object({
  id,
  name: z.string(),
  message: z.string(),
  options: z.array(fileListOptionSchema),
  userId: id.nullable(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type FileListRecord = z.infer<typeof fileListSchema>;

const optionName = z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(255, M.genericTooLong);

/**
 * POST /files and PUT /files/{id} {name, message, options}: name at least 3 ('nome muito curto'),
 * name and message required ('Obrigatório'). `options` are the attachments by name; on PUT, an
 * option with an id keeps its file, one without is new, and one left out is removed. Files come after,
 * through POST /files/uploadList/{id}.
 */
export const fileListBodySchema = z.object({
  name: z
    .string({ error: M.genericRequired })
    .trim()
    .min(1, { error: M.genericRequired, abort: true })
    .min(FILE_LIST_NAME_MIN, M.fileListNameTooShort)
    .max(FILE_LIST_NAME_MAX, M.genericTooLong),
  message: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(FILE_LIST_MESSAGE_MAX, M.genericTooLong),
  options: z
    .array(z.object({ id: id.optional(), name: optionName }))
    .max(FILE_LIST_OPTIONS_MAX)
    .default([]),
});
export type FileListBody = z.input<typeof fileListBodySchema>;

/** GET /files/?searchParam=&pageNumber= → {files, count, hasMore} (the campaign form reads the first page too). */
export const fileListPageQuerySchema = z.object({ searchParam, pageNumber });
export const fileListPageResponseSchema = z.object({
  files: z.array(fileListSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type FileListPageResponse = z.infer<typeof fileListPageResponseSchema>;

export const fileListDeleteResponseSchema = z.object({ message: z.string() });

/**
 * POST /files/uploadList/{id}, multipart: `files` (one or more) and, per file in the same order,
 * `id` (the option it belongs to; blank: a new option) and `name` (the option's name; blank: the
 * file's). `mediaType` and `typeArch` are the Whaticket web's and not read: the bytes decide.
 */
export const fileListUploadFieldsSchema = z.object({
  id: z.union([z.string(), z.array(z.string())]).optional(),
  name: z.union([z.string(), z.array(z.string())]).optional(),
});

/** `company-{id}-file`: a file list was created, changed or deleted. */
export const fileListSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), fileList: fileListSchema }),
  z.object({ action: z.literal('update'), fileList: fileListSchema }),
  z.object({ action: z.literal('delete'), fileId: id }),
]);
export type FileListSocketPayload = z.infer<typeof fileListSocketPayloadSchema>;
