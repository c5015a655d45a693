import { type PartnerSendResponse, partnerSendResponseSchema } from '@app/contracts';

import { API_BASE_URL, ApiError, parseAnswer } from '@/lib/api-client';

/**
 * The sample form's call, as a partner's system makes it: `POST /api/messages/send` with the API
 * token as the bearer (not the user's session), JSON for a text, multipart for media.
 */
export async function sendSample(token: string, input: { number: string; body: string; file?: File | null }): Promise<PartnerSendResponse> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token.trim()}` };
  let body: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.append('number', input.number);
    form.append('body', input.body);
    form.append('medias', input.file);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ number: input.number, body: input.body });
  }
  const response = await fetch(`${API_BASE_URL}/messages/send`, { method: 'POST', headers, body });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer ?? {}) as { error?: string; message?: string; fields?: { path: string; message: string }[] };
    throw new ApiError({ status: response.status, code: error.error, message: error.message ?? response.statusText, fields: error.fields });
  }
  return parseAnswer(partnerSendResponseSchema, answer, 'POST /messages/send');
}
