import { useMediaLink } from '../api/get-media-link';

/**
 * The URL a message's media is shown and opened from. Media under /api is private to the company:
 * the server gives a short-lived signed link to it (spec 1 section 7 keeps media to the company's
 * users). Never a blob URL, which would put a customer's bytes in the app's origin. Other web
 * URLs are used as they are; anything else (javascript:, data:) not at all.
 */
export function useMediaUrl(url: string | null | undefined): string | null {
  const isPrivate = !!url && url.startsWith('/api/');
  const link = useMediaLink(isPrivate ? url : null);
  if (!url) return null;
  if (isPrivate) return link.data?.url ?? null;
  return /^https?:\/\//i.test(url) ? url : null;
}
