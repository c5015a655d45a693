import { API_PREFIX } from './configure-app';

export interface ServiceAnswer<T> {
  ok: boolean;
  status: number;
  /** The JSON body, or null when there was none or it was not JSON. */
  body: T | null;
}

/**
 * One service's REST call to another (`{baseUrl}/api{path}`), on behalf of a caller whose
 * Authorization header it passes on, so the other side applies the same tenant checks. Throws only
 * when no answer came (unreachable, timeout); every HTTP answer is returned for the caller to read.
 */
export async function callService<T>(
  baseUrl: string,
  path: string,
  options: { authorization: string; json?: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<ServiceAnswer<T>> {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/${API_PREFIX}${path}`, {
    method: options.json === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: options.authorization,
      ...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const body = (await response.json().catch(() => null)) as T | null;
  return { ok: response.ok, status: response.status, body };
}
