import type { MediaUploadResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, buildUrl } from '@/lib/api-client';
import { getToken } from '@/lib/session';

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

/**
 * `POST /api/whatsapp-media` with upload progress: fetch cannot report upload progress, so the
 * upload goes through XMLHttpRequest with the same bearer token as the API client.
 */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<MediaUploadResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl('/whatsapp-media'));
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = request.responseText ? (JSON.parse(request.responseText) as Record<string, unknown>) : {};
      } catch {
        parsed = {};
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(parsed as MediaUploadResponse);
        return;
      }
      const code = typeof parsed.error === 'string' ? parsed.error : undefined;
      const message = typeof parsed.message === 'string' ? parsed.message : (code ?? request.statusText);
      reject(new ApiError({ status: request.status, code, message, details: parsed }));
    };
    request.onerror = () => reject(new ApiError({ status: 0, message: 'network error' }));
    request.send(buildUploadForm(file));
  });
}

/**
 * Sends attachments: each file is uploaded (`POST /api/whatsapp-media`), then sent as a message
 * (`POST /api/messages/{ticketId}` with mediaUrl, mimetype and fileName; the caption on the first).
 */
export async function sendMedia({ ticketId, files, body, onProgress }: SendMediaInput): Promise<void> {
  for (const [index, file] of files.entries()) {
    const uploaded = await uploadMedia(file, (fraction) => onProgress?.((index + fraction) / files.length));
    await api.post(`/messages/${ticketId}`, {
      body: index === 0 ? body : '',
      fromMe: true,
      read: true,
      mediaUrl: uploaded.url,
      mimetype: uploaded.mimetype,
      fileName: uploaded.fileName,
    });
  }
  onProgress?.(1);
}

export function useSendMedia() {
  return useMutation({ mutationFn: sendMedia });
}
