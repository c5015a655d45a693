import { type MediaLinkResponse, mediaLinkResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const mediaLinkQueryKey = (url: string) => ['tickets', 'media-link', url] as const;

/** Links last 60 to 90 minutes; they are renewed well before, so an open chat's media keep working. */
const RENEW_MS = 20 * 60_000;

/**
 * `POST /api/whatsapp-media/links`: a short-lived server URL for one of the company's media. The
 * chat shows and opens media through it, never as a blob URL: a customer's file then only ever
 * runs under the server's headers (an SVG or HTML downloads, sandboxed), not in the app's origin.
 */
export function getMediaLink(url: string): Promise<MediaLinkResponse> {
  return api.post('/whatsapp-media/links', { url }, { schema: mediaLinkResponseSchema });
}

export function getMediaLinkQueryOptions(url: string) {
  return queryOptions({
    queryKey: mediaLinkQueryKey(url),
    queryFn: () => getMediaLink(url),
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    meta: { silent: true },
  });
}

export function useMediaLink(url: string | null | undefined) {
  return useQuery({ ...getMediaLinkQueryOptions(url ?? ''), enabled: !!url });
}
