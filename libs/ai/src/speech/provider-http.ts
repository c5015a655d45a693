/** A provider answered with an error that retrying will not mend (401, 400...), or kept failing. */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface RetryPolicy {
  /** How long one attempt may take (ms). */
  timeoutMs: number;
  /** Attempts after the first, on 429, 5xx, a timeout or a broken connection. */
  retries: number;
  /** The first backoff (ms); doubled at each retry, with jitter; a retry-after of up to 30 s wins. */
  backoffMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const retriable = (status: number) => status === 429 || status >= 500;

/** How long the provider asked us to wait (retry-after: seconds or a date), capped; null when it did not say. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 30_000) : null;
}

/**
 * Calls a speech provider (transcription, TTS) with a timeout per attempt and retries with
 * exponential backoff on 429, 5xx, timeouts and broken connections; anything else fails at once.
 * `attempt` makes the request (a fresh body each time) and reads the answer within the same timeout.
 * Errors never carry the key: only the status and the provider's message.
 */
export async function callWithRetries<T>(
  policy: RetryPolicy,
  attempt: (signal: AbortSignal) => Promise<Response>,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const backoff = policy.backoffMs ?? 300;
  let last: ProviderCallError = new ProviderCallError('no attempt made', null);
  let delay = 0;
  for (let tried = 0; tried <= policy.retries; tried++) {
    if (tried > 0) await wait(delay);
    delay = backoff * 2 ** tried * (0.75 + Math.random() / 2);
    const signal = AbortSignal.timeout(policy.timeoutMs);
    let response: Response;
    try {
      response = await attempt(signal);
      if (response.ok) return await read(response);
    } catch (error) {
      if (error instanceof ProviderCallError) throw error;
      last = new ProviderCallError(signal.aborted ? 'the provider did not answer in time' : `the call failed: ${String(error)}`, null);
      continue;
    }
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    last = new ProviderCallError(`${response.status} ${detail}`, response.status);
    if (!retriable(response.status)) throw last;
    delay = retryAfterMs(response) ?? delay;
  }
  throw last;
}

/** A multipart/form-data body as bytes (guardedFetch sends text or bytes), with its content type. */
export async function multipartBody(
  fields: Record<string, string>,
  file: { field: string; data: Buffer; fileName: string; contentType: string },
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.contentType }), file.fileName);
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
