import { z } from 'zod';

import { isoDateTime, M, positiveId } from './fields';

// ---------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

export const announcementResponseSchema = z.object({
  id: positiveId,
  title: z.string(),
  text: z.string(),
  priority: z.number().int().min(1).max(3),
  status: z.boolean(),
  /** Where to fetch the attachment (public URL under /api), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;
export const announcementCreateSchema = z.object({
  title: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(200, M.genericTooLong),
  text: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(5_000, M.genericTooLong),
  priority: z.coerce.number().int().min(1, M.invalidValue).max(3, M.invalidValue).default(3),
  status: z.boolean().default(true),
});
export type AnnouncementCreateRequest = z.input<typeof announcementCreateSchema>;
export const announcementUpdateSchema = announcementCreateSchema.partial();
export type AnnouncementUpdateRequest = z.input<typeof announcementUpdateSchema>;
/** GET /announcements?searchParam=&pageNumber=: super users see all, others the active ones. */
export const announcementPageResponseSchema = z.object({
  records: z.array(announcementResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type AnnouncementPageResponse = z.infer<typeof announcementPageResponseSchema>;

/** `company-announcement` to every socket. */
export type AnnouncementSocketPayload = { action: 'create' | 'update'; record: AnnouncementResponse } | { action: 'delete'; id: number };
