import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_SOCKET_EVENT,
  type AnnouncementCreateRequest,
  type AnnouncementPageResponse,
  type AnnouncementResponse,
  type AnnouncementSocketPayload,
} from '@app/contracts';

export {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementCreateRequest,
  type AnnouncementPageResponse,
  type AnnouncementResponse,
  type AnnouncementSocketPayload,
};

export const ANNOUNCEMENT_EVENT = ANNOUNCEMENT_SOCKET_EVENT;
