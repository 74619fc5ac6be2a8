import { serverAnswered, serverUnreachable } from './connection';
import { getLocale, intl, pseudoLocale } from '@/i18n/locale-state';
import { getStoredToken } from './token-storage';

export const API_BASE_URL = '/api';
export const API_TIMEOUT_MS = 10_000;

/** The client's own messages, in the interface's language (issue 31), made when needed. */
const clientMessages = {
  error: () => intl().formatMessage({ id: 'api.error', defaultMessage: 'An error occurred' }),
  network: () =>
    intl().formatMessage({
      id: 'api.unreachable',
      defaultMessage: 'Unable to reach the server. Check your connection and try again.',
    }),
  timeout: () =>
    intl().formatMessage({
      id: 'api.timeout',
      defaultMessage: 'The server took too long to respond. Please try again.',
    }),
};
/** 'An error occurred', in the interface's language. */
export function defaultErrorMessage(): string {
  return clientMessages.error();
}

/** Client-side codes; server codes come from the response body (contracts `errorCodes`). */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
} as const;

/**
 * Every failed call rejects with an ApiError (spec §8): message = the server's `error`
 * field, else a client message, else 'An error occurred'; status defaults to 500;
 * code = the server's `code` field. `fromServer` tells forms whether the message came
 * from the server, since they fall back to their own wording otherwise.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly details: Record<string, string> | undefined;
  readonly fromServer: boolean;
  /** The server's Retry-After in seconds: the same request may work a little later. */
  readonly retryAfter: number | undefined;

  constructor(options: {
    message?: string | undefined;
    status?: number | undefined;
    code?: string | undefined;
    details?: Record<string, string> | undefined;
    fromServer?: boolean;
    retryAfter?: number | undefined;
  }) {
    super(options.message || clientMessages.error());
    this.status = options.status ?? 500;
    this.code = options.code;
    this.details = options.details;
    this.fromServer = options.fromServer ?? false;
    this.retryAfter = options.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No answer came back (offline, server unreachable, timed out): the request may be sent again. */
export function isNoAnswer(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === clientErrorCodes.network || error.code === clientErrorCodes.timeout)
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** JSON-serialisable body. */
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Caller's signal (TanStack Query passes one to cancel stale requests). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (the offline queue's Idempotency-Key, ADR 162). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, params: RequestOptions['params']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') out[key] = entry;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const serverMessage = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError({
    message: serverMessage,
    status: response.status || undefined,
    code,
    details: isRecord(body) ? stringRecord(body.details) : undefined,
    fromServer: Boolean(serverMessage),
    retryAfter: Number(response.headers.get('retry-after')) || undefined,
  });
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, params, signal, timeoutMs = API_TIMEOUT_MS, headers: extra } = options;

  // Read the token now, synchronously: logout relies on the request carrying the token
  // even though it clears storage right after starting the call.
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  // Error messages come back in the interface's language (issue 31); codes stay the same.
  headers.set('Accept-Language', getLocale() === pseudoLocale ? 'en' : getLocale());
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort);

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, params), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      if (timedOut) {
        serverUnreachable();
        throw new ApiError({ message: clientMessages.timeout(), code: clientErrorCodes.timeout });
      }
      // A caller's cancellation is not a failure; let it through untouched.
      if (signal?.aborted) throw cause;
      serverUnreachable();
      throw new ApiError({ message: clientMessages.network(), code: clientErrorCodes.network });
    }
    // A gateway's 502/504 means the server behind it is down; anything else is its answer.
    if (response.status === 502 || response.status === 504) serverUnreachable();
    else serverAnswered();

    let data: unknown;
    try {
      data = await readBody(response);
    } catch (cause) {
      if (timedOut) {
        throw new ApiError({ message: clientMessages.timeout(), code: clientErrorCodes.timeout });
      }
      if (signal?.aborted) throw cause;
      data = undefined;
    }
    if (!response.ok) throw errorFromResponse(response, data);
    return data as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};

/** The server's own message when it sent one, else the caller's wording (spec §8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer ? error.message : fallback;
}

/**
 * The error's message as a clause to go after a colon, without its closing full stop:
 * `Could not save: ${errorReason(error)}.` ends in one full stop even though the server's
 * and the client's messages are sentences of their own ('... try again.').
 * Japanese and Arabic sentences end in 。！？ and ؟ (issue 31).
 */
// Japanese and Arabic sentences end in 。！？ or ؟ (issue 31): those are stripped too.
export function errorReason(error: unknown): string {
  const message = isApiError(error) ? error.message : clientMessages.error();
  return message.trim().replace(/[.!?。！？؟]+$/u, '') || clientMessages.error();
}
