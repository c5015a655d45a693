import { useEffect, useState } from 'react';
import { getToken } from '@/lib/session';

/**
 * A message's media as a local object URL: media under /api is private to the company, so it is
 * fetched as a blob with the bearer token (spec 1 section 7); other URLs are used as they are.
 */
export function useMediaUrl(url: string | null | undefined): string | null {
  const isPrivate = !!url && url.startsWith('/api/');
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!url || !isPrivate) return;
    let revoked = false;
    let created: string | null = null;
    const token = getToken();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch((error: unknown) => console.warn('[media] download failed', error));
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, isPrivate]);

  if (!url) return null;
  return isPrivate ? objectUrl : url;
}
