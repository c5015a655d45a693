import { announcementCreateSchema, type AnnouncementResponse, announcementUpdateSchema, pageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

import type { Announcement } from './announcement.repository';

export class AnnouncementCreateDto extends createZodDto(announcementCreateSchema) {}
export class AnnouncementUpdateDto extends createZodDto(announcementUpdateSchema) {}
export class AnnouncementSearchDto extends createZodDto(pageQuerySchema) {}

/** The public address of an announcement's attachment. */
export const announcementMediaPath = (announcement: Pick<Announcement, 'id' | 'mediaName'>) =>
  announcement.mediaName ? `/api/announcements/${announcement.id}/media/${encodeURIComponent(announcement.mediaName)}` : null;

export function mapAnnouncement(announcement: Announcement): AnnouncementResponse {
  return {
    id: announcement.id,
    title: announcement.title,
    text: announcement.text,
    priority: announcement.priority,
    status: announcement.status,
    mediaPath: announcementMediaPath(announcement),
    mediaName: announcement.mediaName,
    createdAt: announcement.createdAt.toISOString(),
    updatedAt: announcement.updatedAt.toISOString(),
  };
}
