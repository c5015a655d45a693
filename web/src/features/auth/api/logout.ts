import { api } from '@/lib/api-client';

/** `DELETE /api/auth/logout`: the server forgets the refresh token. */
export function logout(): Promise<void> {
  return api.delete<void>('/auth/logout');
}
