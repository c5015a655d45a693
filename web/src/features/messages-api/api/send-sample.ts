import { type PartnerSendResponse, partnerSendResponseSchema, type PartnerTagList, partnerTagListSchema } from '@app/contracts';
import type { z } from 'zod';

import { API_BASE_URL, ApiError, parseAnswer } from '@/lib/api-client';

/**
 * The sample forms' calls, as a partner's system makes them: the API token as the bearer (not the
 * user's session).
 */
async function partnerCall<S extends z.ZodType>(token: string, path: string, init: RequestInit, schema: S): Promise<z.output<S>> {
  const response = await fetch(`${API_BASE_URL}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token.trim()}` },
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer ?? {}) as { error?: string; message?: string; fields?: { path: string; message: string }[] };
    throw new ApiError({ status: response.status, code: error.error, message: error.message ?? response.statusText, fields: error.fields });
  }
  return parseAnswer(schema, answer, `${init.method ?? 'GET'} ${path}`);
}

/** `POST /api/messages/send`: JSON for a text, multipart for media. */
export async function sendSample(token: string, input: { number: string; body: string; file?: File | null }): Promise<PartnerSendResponse> {
  if (input.file) {
    const form = new FormData();
    form.append('number', input.number);
    form.append('body', input.body);
    form.append('medias', input.file);
    return partnerCall(token, '/messages/send', { method: 'POST', body: form }, partnerSendResponseSchema);
  }
  const body = JSON.stringify({ number: input.number, body: input.body });
  return partnerCall(
    token,
    '/messages/send',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
    partnerSendResponseSchema,
  );
}

/** `GET /api/messages/tags`: the company's tags. */
export function listTagsSample(token: string): Promise<PartnerTagList> {
  return partnerCall(token, '/messages/tags', { method: 'GET' }, partnerTagListSchema);
}
