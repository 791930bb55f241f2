import { apiBase, BusinessError, HttpError, reportHttpError, type Envelope } from '../http.ts';
import { getToken } from '../session.ts';

/**
 * The two transfers the shell's JSON client does not do: a POST answered by a file (export) and a
 * multipart upload (import, attachments). Same headers, base path and error catalogue as http.ts,
 * whose exported helpers are reused; candidates to move there once the shell wants them too.
 */
function headers(): Record<string, string> {
  const token = getToken();
  return token ? { 'X-Access-Token': token, Authorization: `Bearer ${token}` } : {};
}

async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** A downloaded file and the name the server gave it (header download-filename). */
export interface Download {
  blob: Blob;
  fileName: string;
}

/** POST with a JSON body, answered by a file; a JSON answer is a refusal (BusinessError). */
export async function postForFile(url: string, body: unknown, fallbackName: string): Promise<Download> {
  const hadToken = Boolean(getToken());
  const res = await fetch((await apiBase()) + url, {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json') || type.startsWith('text/plain')) {
    const data = await jsonOf(res);
    if (!res.ok) {
      reportHttpError(res.status, data, hadToken);
      throw new HttpError(res.status, data);
    }
    const env = data as Envelope<unknown>;
    throw new BusinessError(env?.code ?? 500, env?.data);
  }
  const header = res.headers.get('download-filename');
  return { blob: await res.blob(), fileName: header ? decodeURIComponent(header) : fallbackName };
}

/** Multipart upload (field `file`); returns data of a code-200 reply, else BusinessError. */
export async function uploadFiles<T>(url: string, files: File[], extra: Record<string, string> = {}): Promise<T> {
  const hadToken = Boolean(getToken());
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  const res = await fetch((await apiBase()) + url, { method: 'POST', headers: headers(), body: form });
  const data = await jsonOf(res);
  // a 400 names the problem (a sheet without the header row …): the caller shows it where the user looks
  if (res.status === 400) throw new BusinessError(400, (data as { data?: unknown } | undefined)?.data);
  if (!res.ok) {
    reportHttpError(res.status, data, hadToken);
    throw new HttpError(res.status, data);
  }
  const env = data as Envelope<T>;
  if (env.code !== 200) throw new BusinessError(env.code, env.data);
  return env.data;
}

/**
 * The message of a refusal the caller must show (code ≠ 200 in an HTTP 200 reply); transport
 * errors and other statuses were already reported by the HTTP client.
 */
export function failureText(e: unknown): string | undefined {
  return e instanceof BusinessError ? e.message : undefined;
}

/** Saves a blob under a name through a temporary link (the browser's download). */
export function saveFile({ blob, fileName }: Download): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10000);
}
