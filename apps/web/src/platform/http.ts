import { downloadFailureText, type DownloadFailure } from './download-errors.ts';
import { i18n } from './i18n/index.ts';
import { feedback } from './feedback.ts';
import { clearSession, getToken } from './session.ts';

/**
 * The one HTTP client of the web app (SPEC §7, §8). Every call carries the token in both
 * headers, times out after 300000 ms and reports transport errors from the SPEC §8 catalogue;
 * business refusals (HTTP 200, code ≠ 200) are left to the caller, except list code 510.
 */
export const TIMEOUT_MS = 300000;
const DEFAULT_BASE = '/api';

export interface Envelope<T> {
  code: number;
  data: T;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** A reply with code ≠ 200; message is data.message when there is one. */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown,
  ) {
    super(messageOf(data) ?? `code ${code}`);
  }
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** the caller reports errors itself (sign-in shows 429 under its own title) */
  silent?: boolean;
}

let basePromise: Promise<string> | undefined;

/** The server tells the base path (ARCHITECTURE §6) so both always agree; /api when it cannot. */
export function apiBase(): Promise<string> {
  basePromise ??= fetch(`${DEFAULT_BASE}/platform/info`)
    .then((r) => (r.ok ? r.json() : undefined))
    .then((j: { data?: { apiBase?: unknown } } | undefined) => (typeof j?.data?.apiBase === 'string' ? j.data.apiBase : DEFAULT_BASE))
    .catch(() => DEFAULT_BASE);
  return basePromise;
}

export function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return undefined;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { 'X-Access-Token': token, Authorization: `Bearer ${token}` } : {};
}

function query(params?: RequestOptions['params']): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

let expiredShown = false;

function notifyError(description: string): void {
  feedback.notification.error({ title: i18n.t('http.title'), description, duration: 4 });
}

/** SPEC §8 error catalogue for non-2xx replies. */
export function reportHttpError(status: number, body: unknown, hadToken: boolean): void {
  const t = i18n.t.bind(i18n);
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  switch (status) {
    case 403:
      notifyError(t('http.forbidden'));
      return;
    case 500:
      if (hadToken && body === 'loginOut') {
        // several calls fail at once when a session ends: one dialog is enough
        if (expiredShown) return;
        expiredShown = true;
        void feedback.modal().then((modal) => {
          modal.error({
            title: t('http.expiredTitle'),
            content: t('http.expired'),
            okText: t('http.relogin'),
            mask: false,
            onOk: () => {
              clearSession();
              window.location.reload();
            },
          });
        });
        return;
      }
      notifyError(messageOf(data) ?? t('http.fallback'));
      return;
    case 404:
      notifyError(t('http.notFound'));
      return;
    case 504:
      notifyError(t('http.timeout'));
      return;
    case 401:
      notifyError(t('http.unauthorized'));
      if (hadToken) {
        clearSession();
        setTimeout(() => window.location.reload(), 1500);
      }
      return;
    default:
      notifyError(messageOf(data) ?? t('http.fallback'));
  }
}

async function send(method: string, url: string, opts: RequestOptions): Promise<Response> {
  const base = await apiBase();
  const headers: Record<string, string> = { ...authHeaders() };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  try {
    return await fetch(base + url + query(opts.params), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: ctrl.signal,
    });
  } catch (e) {
    const timedOut = ctrl.signal.aborted;
    if (!opts.silent) notifyError(i18n.t(timedOut ? 'http.timeout' : 'http.fallback'));
    throw timedOut ? new HttpError(504, undefined) : e;
  } finally {
    clearTimeout(timer);
  }
}

async function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const hadToken = Boolean(getToken());
  const res = await send(method, url, opts);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // plain text body, e.g. loginOut
  }
  if (!res.ok) {
    if (!opts.silent) reportHttpError(res.status, body, hadToken);
    throw new HttpError(res.status, body);
  }
  const env = body as Envelope<T>;
  if (env && env.code === 510 && !opts.silent) feedback.message.warning(messageOf(env.data) ?? i18n.t('http.fallback'));
  return env;
}

/** Returns data of a code-200 reply, else throws BusinessError (callers show data.message). */
export function unwrap<T>(env: Envelope<T>): T {
  if (env.code !== 200) throw new BusinessError(env.code, env.data);
  return env.data;
}

/** Shows what a failed download says (download-errors.ts). */
function downloadFailed(f: DownloadFailure): void {
  const r = downloadFailureText(f);
  feedback.message.error('text' in r ? r.text : i18n.t(r.key));
}

/** Downloads: an error arrives as a JSON body instead of the file (SPEC §8). */
async function blob(url: string, params?: RequestOptions['params']): Promise<Blob> {
  let res: Response;
  let b: Blob;
  try {
    res = await send('GET', url, { params, silent: true });
    b = await res.blob();
  } catch (e) {
    downloadFailed({ kind: 'broken' });
    throw e;
  }
  if (b.type.includes('json')) {
    let err: { code?: number; msg?: string; data?: unknown };
    try {
      err = JSON.parse(await b.text()) as typeof err;
    } catch (e) {
      downloadFailed({ kind: 'broken' });
      throw e;
    }
    downloadFailed({ kind: 'body', code: err.code, msg: err.msg, dataMessage: messageOf(err.data) });
    throw new HttpError(err.code ?? res.status, err);
  }
  if (!res.ok) {
    downloadFailed({ kind: 'status' });
    throw new HttpError(res.status, undefined);
  }
  return b;
}

export const http = {
  get: <T>(url: string, params?: RequestOptions['params'], opts?: Omit<RequestOptions, 'params'>) => request<T>('GET', url, { ...opts, params }),
  post: <T>(url: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', url, { ...opts, body: body ?? {} }),
  put: <T>(url: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', url, { ...opts, body: body ?? {} }),
  delete: <T>(url: string, params?: RequestOptions['params']) => request<T>('DELETE', url, { params }),
  blob,
};
