import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError } from '@/components/ui/toaster';
import { reloadPage } from '@/lib/reload-page';
import { getToken } from '@/lib/session';
import { reconnectSocket, useSocket, useSocketEvent } from '@/lib/socket';

import { getMeQueryOptions } from '../api/get-me';
import { authEventName, isReplacedByOtherSession } from '../utils/session-events';

/** Spec section 9: the user-status ping. */
export const USER_STATUS_INTERVAL_MS = 300_000;
/** Spec section 4: the page reloads 1 s after the "accessed elsewhere" message. */
export const OTHER_SESSION_RELOAD_DELAY_MS = 1000;

type SessionUser = { id: number; companyId: number };

/**
 * A login of the same user elsewhere signs this browser out: the message, then local storage is
 * cleared and the page reloads after 1 s.
 */
export function useOtherSessionSignOut(user: SessionUser | null) {
  const { t } = useTranslation();
  useSocketEvent(user ? authEventName(user.companyId) : null, (event) => {
    if (!user || !isReplacedByOtherSession(event, getToken(), user.id)) return;
    toastError(t('common.otherSession'));
    window.setTimeout(() => {
      window.localStorage.clear();
      reloadPage();
    }, OTHER_SESSION_RELOAD_DELAY_MS);
  });
}

/** Tells the server this user is online: `userStatus` on connect and every 5 minutes. */
export function useUserStatusHeartbeat(enabled: boolean) {
  const socket = useSocket();
  useEffect(() => {
    if (!enabled || !socket) return;
    socket.emit('userStatus');
    const timer = window.setInterval(() => socket.emit('userStatus'), USER_STATUS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, socket]);
}

/**
 * The server closes a socket whose session changed (ended, or the user's role changed). Asking
 * `GET /auth/me` through the API client applies the session rules: a 401 ends the session here too,
 * a 403 refreshes the token (bringing the new role); then the socket connects again with it.
 */
export function useSessionCheckOnServerDisconnect(enabled: boolean) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !socket) return;
    function handleDisconnect(reason: string) {
      if (reason !== 'io server disconnect') return;
      queryClient
        .fetchQuery({ ...getMeQueryOptions(), staleTime: 0 })
        .then((user) => {
          if (user) reconnectSocket();
        })
        .catch(() => undefined);
    }
    socket.on('disconnect', handleDisconnect);
    return () => {
      socket.off('disconnect', handleDisconnect);
    };
  }, [enabled, socket, queryClient]);
}
