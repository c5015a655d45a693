import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { announcementsQueryKey } from '../api/get-announcements';
import { ANNOUNCEMENT_EVENT } from '../types';

/** `company-announcement` (create, update, delete) refreshes every announcements list. */
export function useAnnouncementsRealtime() {
  const queryClient = useQueryClient();
  useSocketEvent(ANNOUNCEMENT_EVENT, (event) => {
    if (!event || !['create', 'update', 'delete'].includes(event.action)) return;
    void queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
  });
}
