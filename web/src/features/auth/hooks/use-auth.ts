import { createContext, useContext } from 'react';

import type { LoginInput } from '../api/login';
import type { AuthUser } from '../types';

export type LoginResult = {
  user: AuthUser;
  /** Days left on the subscription when fewer than 5 remain, else null. */
  subscriptionWarningDays: number | null;
};

export type AuthContextValue = {
  user: AuthUser | null;
  /** True while the stored token is being checked with `GET /api/auth/me`. */
  loading: boolean;
  login: (input: LoginInput) => Promise<LoginResult>;
  logout: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
