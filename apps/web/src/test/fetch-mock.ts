import { vi } from 'vitest';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces global fetch with a handler and records every call (URL, method, headers,
 * parsed JSON body) so tests can assert on what actually went over the wire.
 */
export function mockFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: raw === undefined ? undefined : (JSON.parse(raw) as unknown),
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The API's refusal of one field: the message is both the error and the field's detail. */
export function fieldErrorResponse(status: number, code: string, field: string, message: string) {
  return jsonResponse(status, { error: message, code, details: { [field]: message } });
}
