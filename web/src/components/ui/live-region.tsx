import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** How many announcements the region keeps (older ones leave it; screen readers read additions). */
const KEPT = 5;

type Announcement = { key: string; text: string };

const announcedKeys = new Set<string>();
let show: ((announcement: Announcement) => void) | null = null;

/**
 * Says `text` politely to screen readers through the shell's live region, at most once per `key`
 * (a message or ticket id): a socket event that comes twice, or a list that renders again, does not
 * say it twice. Without a region on screen (signed out, a component's own test) it says nothing.
 */
export function announce(key: string, text: string): void {
  if (!show || announcedKeys.has(key)) return;
  announcedKeys.add(key);
  show({ key, text });
}

/**
 * The signed-in shell's polite live region (issue 29): a customer's new message in the open chat and
 * new tickets in the list shown are added here, out of sight, and read when the reader is idle.
 */
export function LiveRegion() {
  const [shown, setShown] = useState<Announcement[]>([]);

  useEffect(() => {
    show = (announcement) => setShown((current) => [...current, announcement].slice(-KEPT));
    return () => {
      show = null;
    };
  }, []);

  return (
    <VisuallyHidden role="log" aria-live="polite" aria-relevant="additions" data-testid="live-region">
      {shown.map((announcement) => (
        <div key={announcement.key}>{announcement.text}</div>
      ))}
    </VisuallyHidden>
  );
}
