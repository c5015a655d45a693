import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';

import { ApiError } from '@/lib/api-client';
import { clearSession, onSessionEnded, storeSession } from '@/lib/session';
import { connectSocket, disconnectSocket } from '@/lib/socket';

import { getMeQueryOptions, meQueryKey } from '../api/get-me';
import { type LoginInput, loginWithEmailAndPassword } from '../api/login';
import { logout as logoutRequest } from '../api/logout';
import { AuthContext, type AuthContextValue, type LoginResult } from '../hooks/use-auth';
import { useOtherSessionSignOut, useSessionCheckOnServerDisconnect, useUserStatusHeartbeat } from '../hooks/use-session-events';
import type { AuthUser } from '../types';
import { getSubscriptionStatus } from '../utils/subscription';

type AuthProviderProps = {
  children: ReactNode;
};

/**
 * The session: on start a stored token is checked with `GET /api/auth/me` (through the API client,
 * so an expired token refreshes); login stores token, companyId and userId; logout and any 401 end
 * it. The socket is open exactly while a user is signed in.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const meQuery = useQuery(getMeQueryOptions());
  const user = meQuery.data ?? null;

  const forgetUser = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData<AuthUser | null>(meQueryKey, null);
  }, [queryClient]);

  useEffect(() => onSessionEnded(forgetUser), [forgetUser]);

  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) {
      disconnectSocket();
      return;
    }
    connectSocket();
    return () => disconnectSocket();
  }, [userId]);

  useOtherSessionSignOut(user);
  useUserStatusHeartbeat(user !== null);
  useSessionCheckOnServerDisconnect(user !== null);

  const login = useCallback(
    async (input: LoginInput): Promise<LoginResult> => {
      const { token, user: signedIn } = await loginWithEmailAndPassword(input);
      const subscription = getSubscriptionStatus(signedIn.company?.dueDate);
      if (subscription.state === 'expired') {
        throw new ApiError({
          status: 401,
          code: 'ERR_SUBSCRIPTION_EXPIRED',
          message: 'ERR_SUBSCRIPTION_EXPIRED',
          details: { dueDate: signedIn.company?.dueDate },
        });
      }
      storeSession({
        token,
        companyId: signedIn.companyId,
        userId: signedIn.id,
        companyDueDate: signedIn.company?.dueDate ?? null,
      });
      queryClient.setQueryData<AuthUser | null>(meQueryKey, signedIn);
      return {
        user: signedIn,
        subscriptionWarningDays: subscription.state === 'active' && subscription.warn ? subscription.daysLeft : null,
      };
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Logging out locally is what matters; the refresh cookie expires on its own.
    }
    clearSession();
    disconnectSocket();
    forgetUser();
  }, [forgetUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading: meQuery.isPending, login, logout }),
    [user, meQuery.isPending, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
