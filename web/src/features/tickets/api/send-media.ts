import { type MediaUploadResponse, mediaUploadResponseSchema, messageSendResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, ApiError, buildUrl, parseAnswer, withSessionRules } from '@/lib/api-client';

export type SendMediaInput = {
  ticketId: number;
  files: File[];
  /** The caption, sent with the first file. */
  body: string;
  onProgress?: (fraction: number) => void;
};

/** The multipart body of `POST /api/whatsapp-media`: one `file`. */
export function buildUploadForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

type XhrAnswer = { status: number; statusText: string; responseText: string };

/** One multipart POST through XMLHttpRequest (fetch cannot report upload progress). */
function postWithProgress(url: string, form: FormData, token: string | null, onProgress?: (fraction: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, statusText: request.statusText, responseText: request.responseText });
    request.onerror = () => reject(new ApiError({ status: 0, message: 'network error' }));
    request.send(form);
  });
}

/**
 * `POST /api/whatsapp-media` with upload progress, under the API client's session rules: a 403
 * refreshes the token once (shared with any other call waiting on it) and the upload is sent again;
 * a 401 ends the session.
 */
export async function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<MediaUploadResponse> {
  const url = buildUrl('/whatsapp-media');
  const answer = await withSessionRules((token) => postWithProgress(url, buildUploadForm(file), token, onProgress));
  let parsed: Record<string, unknown>;
  try {
    parsed = answer.responseText ? (JSON.parse(answer.responseText) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  if (answer.status >= 200 && answer.status < 300) return parseAnswer(mediaUploadResponseSchema, parsed, 'POST /whatsapp-media');
  const code = typeof parsed.error === 'string' ? parsed.error : undefined;
  const message = typeof parsed.message === 'string' ? parsed.message : (code ?? (answer.responseText || answer.statusText));
  throw new ApiError({ status: answer.status, code, message, details: parsed });
}

/**
 * Sends attachments: each file is uploaded (`POST /api/whatsapp-media`), then sent as a message
 * (`POST /api/messages/{ticketId}` with mediaUrl, mimetype and fileName; the caption on the first).
 */
export async function sendMedia({ ticketId, files, body, onProgress }: SendMediaInput): Promise<void> {
  for (const [index, file] of files.entries()) {
    const uploaded = await uploadMedia(file, (fraction) => onProgress?.((index + fraction) / files.length));
    await api.post(
      `/messages/${ticketId}`,
      {
        body: index === 0 ? body : '',
        fromMe: true,
        read: true,
        mediaUrl: uploaded.url,
        mimetype: uploaded.mimetype,
        fileName: uploaded.fileName,
      },
      { schema: messageSendResponseSchema },
    );
  }
  onProgress?.(1);
}

export function useSendMedia() {
  return useMutation({ mutationFn: sendMedia, meta: { silent: true } });
}
