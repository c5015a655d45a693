import { api } from '@/lib/api-client';

/** `DELETE /api/auth/logout`: the server forgets the refresh token. Answers 204 with no body, so there is no answer to parse. */
export function logout(): Promise<void> {
  return api.delete<void>('/auth/logout');
}
