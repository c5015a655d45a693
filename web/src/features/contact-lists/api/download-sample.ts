import { ApiError, buildUrl, withSessionRules } from '@/lib/api-client';

export const SAMPLE_FILE_NAME = 'planilha_exemplo.xlsx';

/** `GET /api/contact-lists/sample`: the sample .xlsx (the columns an import reads), saved by the browser. */
export async function downloadContactListSample(): Promise<void> {
  const response = await withSessionRules((token) =>
    fetch(buildUrl('/contact-lists/sample'), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' }),
  );
  if (!response.ok) throw new ApiError({ status: response.status, message: response.statusText });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = SAMPLE_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}
