import type { ErrorBody } from '@app/contracts';
import type { z } from 'zod';

import { takeEarlyAnswer } from '@/lib/early-answers';
import { endSession, getToken, setToken } from '@/lib/session';

/**
 * Typed fetch client for the REST API under /api, with the spec's session rules (section 4):
 * - every call carries `Authorization: Bearer <token>`;
 * - a 403 triggers ONE `POST /api/auth/refresh_token` (the refresh token is an httpOnly cookie), the
 *   new token is stored and the call is retried once;
 * - a 401 clears the token and company id and ends the session (the auth provider then shows /login).
 * Failures are thrown as `ApiError`.
 */

export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api';

const REFRESH_PATH = '/auth/refresh_token';

export type ApiFieldError = { path: string; message: string };

type ApiErrorInit = {
  status: number;
  code?: string;
  message: string;
  fields?: ApiFieldError[];
  details?: Record<string, unknown>;
};

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  /** The body's `error` field, e.g. `ERR_INVALID_CREDENTIALS`. */
  readonly code: string | undefined;
  /** Validation errors (`ERR_VALIDATION`). */
  readonly fields: ApiFieldError[] | undefined;
  /** The whole error body, for codes that carry extra data (e.g. the owner of an open ticket). */
  readonly details: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.details = init.details ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData, Blob or a string. */
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** For calls where a 403 means something else than an expired token (login, the refresh itself). */
  skipAuthRefresh?: boolean;
  /** The answer's contract schema (libs/contracts): checked in development and tests, see parseAnswer. */
  schema?: z.ZodType;
};

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isFieldErrorList(value: unknown): value is ApiFieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        item !== null &&
        typeof item === 'object' &&
        typeof (item as ApiFieldError).path === 'string' &&
        typeof (item as ApiFieldError).message === 'string',
    )
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (typeof body === 'string') {
    return new ApiError({ status: response.status, message: body });
  }
  if (body && typeof body === 'object') {
    const errorBody = body as Partial<ErrorBody> & Record<string, unknown>;
    const code = typeof errorBody.error === 'string' ? errorBody.error : undefined;
    const message = typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : (code ?? response.statusText);
    return new ApiError({
      status: response.status,
      code,
      message,
      fields: isFieldErrorList(errorBody.fields) ? errorBody.fields : undefined,
      details: errorBody,
    });
  }
  return new ApiError({ status: response.status, message: response.statusText });
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Asks for a new access token with the refresh cookie. Concurrent 403s share one refresh.
 * Resolves to the new token, or null when the refresh failed (a 401 there ends the session).
 */
function refreshToken(): Promise<string | null> {
  refreshInFlight ??= (async () => {
    try {
      const response = await send(REFRESH_PATH, { method: 'POST', skipAuthRefresh: true }, null);
      if (response.status === 401) {
        endSession();
        return null;
      }
      if (!response.ok) return null;
      const body = await readBody(response);
      const token =
        body && typeof body === 'object' && typeof (body as { token?: unknown }).token === 'string'
          ? (body as { token: string }).token
          : null;
      if (token) setToken(token);
      return token;
    } catch {
      return null;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

async function sendOrThrowNetwork(path: string, options: RequestOptions, token: string | null) {
  try {
    return await send(path, options, token);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The session rules around any transport (fetch here, XMLHttpRequest for uploads with progress):
 * `attempt` is called with the stored token; on a 403 the token is refreshed once (one refresh shared
 * by concurrent callers) and `attempt` is called again with the new token; a final 401 ends the
 * session. Resolves to the last answer, which the caller turns into its result or error.
 */
export async function withSessionRules<R extends { status: number }>(
  attempt: (token: string | null) => Promise<R>,
  options: { skipAuthRefresh?: boolean } = {},
): Promise<R> {
  let response = await attempt(getToken());
  if (response.status === 403 && !options.skipAuthRefresh) {
    const newToken = await refreshToken();
    if (newToken) response = await attempt(newToken);
  }
  if (response.status === 401) endSession();
  return response;
}

/**
 * An answer that does not satisfy its contract schema (libs/contracts): the server and the web
 * disagree about the wire format. Thrown in development and tests only, so the disagreement fails loudly.
 */
export class ApiContractError extends Error {
  readonly path: string;
  readonly issues: z.core.$ZodIssue[];

  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const where = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    super(`The answer of ${path} does not match its contract schema: ${where}`);
    this.name = 'ApiContractError';
    this.path = path;
    this.issues = issues;
  }
}

/** Answers are checked against their schemas in development and tests; production trusts the types. */
const CHECK_ANSWERS: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * Types an answer with the contract schema of its endpoint, and in development and tests checks it
 * first (a mismatch throws ApiContractError). The answer itself is returned as the server sent it:
 * checked, never stripped or transformed, so development and production behave alike.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, path = '(answer)'): z.output<S> {
  if (CHECK_ANSWERS) {
    const result = schema.safeParse(body);
    if (!result.success) {
      console.error(`[api] ${path}: answer does not match its contract schema`, result.error.issues, body);
      throw new ApiContractError(path, result.error.issues);
    }
  }
  return body as z.output<S>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await withSessionRules((token) => sendOrThrowNetwork(path, options, token), options);

  if (!response.ok) throw await toApiError(response);

  const body = await readBody(response);
  return (options.schema ? parseAnswer(options.schema, body, `${options.method ?? 'GET'} ${path}`) : body) as T;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body' | 'schema'>;
/** Options naming the answer's contract schema: the call resolves to its type, checked in development and tests. */
type SchemaOptions<S extends z.ZodType> = BodylessOptions & { schema: S };

function get<S extends z.ZodType>(path: string, options: SchemaOptions<S>): Promise<z.output<S>>;
function get<T = unknown>(path: string, options?: BodylessOptions): Promise<T>;
async function get(path: string, options?: BodylessOptions & { schema?: z.ZodType }): Promise<unknown> {
  // A GET the page's HTML already sent (the session check, the landing screen's lists): its answer.
  const early = options?.signal || options?.headers ? undefined : await takeEarlyAnswer(buildUrl(path, options?.query));
  if (early) return options?.schema ? parseAnswer(options.schema, early.body, `GET ${path}`) : early.body;
  return apiRequest(path, { ...options, method: 'GET' });
}

function post<S extends z.ZodType>(path: string, body: unknown, options: SchemaOptions<S>): Promise<z.output<S>>;
function post<T = unknown>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
function post(path: string, body?: unknown, options?: BodylessOptions & { schema?: z.ZodType }): Promise<unknown> {
  return apiRequest(path, { ...options, method: 'POST', body });
}

function put<S extends z.ZodType>(path: string, body: unknown, options: SchemaOptions<S>): Promise<z.output<S>>;
function put<T = unknown>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
function put(path: string, body?: unknown, options?: BodylessOptions & { schema?: z.ZodType }): Promise<unknown> {
  return apiRequest(path, { ...options, method: 'PUT', body });
}

function patch<S extends z.ZodType>(path: string, body: unknown, options: SchemaOptions<S>): Promise<z.output<S>>;
function patch<T = unknown>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
function patch(path: string, body?: unknown, options?: BodylessOptions & { schema?: z.ZodType }): Promise<unknown> {
  return apiRequest(path, { ...options, method: 'PATCH', body });
}

function del<S extends z.ZodType>(path: string, options: SchemaOptions<S>): Promise<z.output<S>>;
function del<T = unknown>(path: string, options?: BodylessOptions): Promise<T>;
function del(path: string, options?: BodylessOptions & { schema?: z.ZodType }): Promise<unknown> {
  return apiRequest(path, { ...options, method: 'DELETE' });
}

/**
 * `api.get(path, { schema })` resolves to the schema's type and checks the answer in development and
 * tests; `api.get<T>(path)` is for answers without a contract schema (plain text, files).
 */
export const api = { get, post, put, patch, delete: del };
