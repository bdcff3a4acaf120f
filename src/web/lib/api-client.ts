import { isErrorBody, type ErrorBody } from '../../shared/errors';
import { serverContext } from './server-context';
import { storage, STORAGE_KEYS } from './storage-keys';

/**
 * The one way the web app calls the API: JSON bodies, the bearer token from local storage plus
 * credentials (docs/rules/accounts-and-sessions.md), and an ApiError on any non-OK reply whose message is 'status: body
 * text' (docs/rules/look-and-language.md) and whose `code` is the server's stable error code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ErrorBody | undefined,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.body?.code;
  }
}

/** `signedIn`: the call carried a token (the session ended) or not (a visitor reached a signed-in call). */
type UnauthorizedListener = (error: ApiError, signedIn: boolean) => void;
let onUnauthorized: UnauthorizedListener | undefined;

/** The session feature registers how a 401 ends the session (docs/rules/accounts-and-sessions.md forced logout). */
export function setUnauthorizedListener(listener: UnauthorizedListener | undefined): void {
  onUnauthorized = listener;
}

type AnswerListener = (url: string, headers: Headers) => void;
let onAnswer: AnswerListener | undefined;

/** lib/offline.ts registers to learn which answers the service worker served from its cache (decision 095). */
export function setAnswerListener(listener: AnswerListener | undefined): void {
  onAnswer = listener;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { body, query, headers, ...init } = opts;
  const token = storage.get(STORAGE_KEYS.token);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // A server-side render reaches the API in-process, as a visitor (decision 074).
  const send = serverContext()?.fetch ?? fetch;
  const url = buildUrl(path, query);
  const response = await send(url, {
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  // An answer the service worker served from its cache (no connection): the page says so (decision 095).
  onAnswer?.(url, response.headers);
  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const error = new ApiError(response.status, text, isErrorBody(parsed) ? parsed : undefined);
    // A 401 for a token that is no longer the stored one (logged out or signed in again while the request
    // was on its way) says nothing about the session now.
    if (response.status === 401 && (token ?? null) === (storage.get(STORAGE_KEYS.token) ?? null))
      onUnauthorized?.(error, Boolean(token));
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A file from the API (a receipt's PDF) as a Blob, with the bearer token like `apiRequest`: a link
 * cannot carry the token, so the page fetches the file and hands it to the browser as a download.
 */
export async function apiFile(path: string, opts: Pick<RequestOptions, 'query'> = {}): Promise<Blob> {
  const token = storage.get(STORAGE_KEYS.token);
  const response = await fetch(buildUrl(path, opts.query), {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(response.status, text, isErrorBody(parsed) ? parsed : undefined);
  }
  return response.blob();
}
