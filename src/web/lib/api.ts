// The one way the browser talks to the server: JSON in, JSON out, errors as ApiError with the
// answer's code and params, from which screens say it in the user's language (api-errors.ts), and the
// server's English message, kept for logs.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** What a screen needs to say why in the user's language (e.g. a refused password's reason). */
  readonly params: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, field?: string, params?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.params = params;
  }
}

/** An error answer's params, from the server's JSON (better-auth's answers too), when it has them. */
export const paramsOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Listeners told when the server says the session has ended (401). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: init.body !== undefined ? { 'content-type': 'application/json' } : {},
      body: init.body !== undefined ? JSON.stringify(init.body) : null,
      credentials: 'same-origin',
      signal: init.signal ?? null,
    });
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'Network error');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (data ?? {}) as { code?: string; message?: string; field?: string; params?: unknown };
    if (response.status === 401) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(response.status, body.code ?? 'HTTP_' + response.status, body.message ?? response.statusText, body.field, paramsOf(body.params));
  }
  return data as T;
}

/**
 * Downloads a file the API answers (an export) and hands it to the browser to save under the name
 * the answer gives; a refusal throws an ApiError like api() does.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { credentials: 'same-origin' });
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'Network error');
  }
  if (!response.ok) {
    const body = (safeJson(await response.text()) ?? {}) as { code?: string; message?: string; field?: string; params?: unknown };
    if (response.status === 401) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(response.status, body.code ?? 'HTTP_' + response.status, body.message ?? response.statusText, body.field, paramsOf(body.params));
  }
  await saveAnswer(response, fallbackName);
}

/** Hands a file the API answered to the browser to save, under the name the answer gives (else `fallbackName`). */
export async function saveAnswer(response: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** The server refused a write because the record changed since the planner's view of it (409 STALE). */
export const isStale = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'STALE';
