import {
  type ScheduleBlockBody,
  scheduleBlockDeleteResponseSchema,
  scheduleBlockListResponseSchema,
  type ScheduleBlockRecord,
  scheduleBlockSchema,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const scheduleBlocksQueryKey = ['schedule-blocks'] as const;

export type BlockRange = { startDate?: string; endDate?: string; calendarId?: number | null };

/** `GET /api/schedule-blocks?startDate=&endDate=&calendarId=` → {scheduleBlocks}, by start. */
export function getScheduleBlocks({ startDate, endDate, calendarId }: BlockRange): Promise<ScheduleBlockRecord[]> {
  return api
    .get('/schedule-blocks', {
      query: { startDate, endDate, calendarId: calendarId ?? undefined },
      schema: scheduleBlockListResponseSchema,
    })
    .then((answer) => answer.scheduleBlocks);
}

export function getScheduleBlocksQueryOptions(range: BlockRange) {
  return queryOptions({
    queryKey: [...scheduleBlocksQueryKey, range],
    queryFn: () => getScheduleBlocks(range),
    placeholderData: keepPreviousData,
  });
}

export function useScheduleBlocks(range: BlockRange | null) {
  return useQuery({ ...getScheduleBlocksQueryOptions(range ?? {}), enabled: range !== null });
}

export type SaveBlockInput = { id?: number; body: ScheduleBlockBody };

/** `POST /api/schedule-blocks` {title, startDateTime, endDateTime, isAllDay, reason, color} or `PUT /api/schedule-blocks/{id}`. */
export function saveScheduleBlock({ id, body }: SaveBlockInput): Promise<ScheduleBlockRecord> {
  return id
    ? api.put(`/schedule-blocks/${id}`, body, { schema: scheduleBlockSchema })
    : api.post('/schedule-blocks', body, { schema: scheduleBlockSchema });
}

/** `DELETE /api/schedule-blocks/{id}`. */
export function deleteScheduleBlock(id: number): Promise<unknown> {
  return api.delete(`/schedule-blocks/${id}`, { schema: scheduleBlockDeleteResponseSchema });
}

export function useSaveScheduleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScheduleBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleBlocksQueryKey }),
  });
}

export function useDeleteScheduleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduleBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleBlocksQueryKey }),
  });
}
