import { announcementResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import type { AnnouncementCreateRequest, AnnouncementResponse } from '../types';
import { announcementsQueryKey } from './get-announcements';

/** Title and text required ('Obrigatório'); priority 1 to 3; active or not. Messages are i18n keys. */
export const announcementFormSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  text: z.string().trim().min(1, 'validation.required').max(5000, 'validation.tooLong'),
  priority: z.enum(['1', '2', '3']),
  status: z.enum(['true', 'false']),
});
export type AnnouncementFormValues = z.infer<typeof announcementFormSchema>;

export function toAnnouncementRequest(values: AnnouncementFormValues): AnnouncementCreateRequest {
  return { title: values.title, text: values.text, priority: Number(values.priority), status: values.status === 'true' };
}

export function createAnnouncement(input: AnnouncementCreateRequest): Promise<AnnouncementResponse> {
  return api.post('/announcements', input, { schema: announcementResponseSchema });
}

export function updateAnnouncement(id: number, input: AnnouncementCreateRequest): Promise<AnnouncementResponse> {
  return api.put(`/announcements/${id}`, input, { schema: announcementResponseSchema });
}

/** `POST /api/announcements/{id}/media-upload` multipart `file`. */
export function uploadAnnouncementMedia(id: number, file: File): Promise<AnnouncementResponse> {
  const body = new FormData();
  body.append('file', file);
  return api.post(`/announcements/${id}/media-upload`, body, { schema: announcementResponseSchema });
}

/** `DELETE /api/announcements/{id}/media-upload` */
export function deleteAnnouncementMedia(id: number): Promise<AnnouncementResponse> {
  return api.delete(`/announcements/${id}/media-upload`, { schema: announcementResponseSchema });
}

type SaveAnnouncementInput = {
  id: number | null;
  values: AnnouncementFormValues;
  /** A new attachment to upload, or 'remove' to drop the current one. */
  attachment: File | 'remove' | null;
};

/** Saves the announcement, then uploads or removes its attachment. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, attachment }: SaveAnnouncementInput) => {
      const input = toAnnouncementRequest(values);
      const saved = id === null ? await createAnnouncement(input) : await updateAnnouncement(id, input);
      if (attachment === 'remove') return deleteAnnouncementMedia(saved.id);
      if (attachment) return uploadAnnouncementMedia(saved.id, attachment);
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
