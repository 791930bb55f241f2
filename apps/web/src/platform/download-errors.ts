/**
 * What a failed download says (SPEC §8), as i18n keys of the http namespace: an error body by its code (401, 403, 404),
 * else its msg; a non-file reply with no body 文件下载失败; a download that broke off (network, an unreadable reply)
 * 下载文件出现错误，请联系管理员！.
 */
export type DownloadFailure = { kind: 'body'; code?: number; msg?: string; dataMessage?: string } | { kind: 'status' } | { kind: 'broken' };

const BY_CODE: Record<number, string> = { 401: 'http.blob401', 403: 'http.blob403', 404: 'http.blob404' };

/** The i18n key, or the server's own text ({ text }). */
export function downloadFailureText(f: DownloadFailure): { key: string } | { text: string } {
  if (f.kind === 'broken') return { key: 'http.downloadError' };
  if (f.kind === 'status') return { key: 'http.downloadFailed' };
  const key = f.code === undefined ? undefined : BY_CODE[f.code];
  if (key) return { key };
  const text = f.msg ?? f.dataMessage;
  return text ? { text } : { key: 'http.blobUnknown' };
}
