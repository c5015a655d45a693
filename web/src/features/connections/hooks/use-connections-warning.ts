import { useEffect, useState } from 'react';

import type { Connection } from '../types';
import { needsAttention } from '../utils/connection-status';

/** Spec section 9: the connection warning is checked 2000 ms after the connections load. */
export const CONNECTION_WARNING_DELAY_MS = 2000;

/**
 * True when a connection needs attention: first checked 2 s after the list loads, then following
 * the (live) list as it changes.
 */
export function useConnectionsWarning(connections: readonly Connection[] | undefined): boolean {
  const loaded = connections !== undefined;
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => setChecking(true), CONNECTION_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  return checking && !!connections && needsAttention(connections);
}
