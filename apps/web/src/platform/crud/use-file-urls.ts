import { useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';

/** Relative names of an images/files field (comma-separated, as the upload returns them). */
export const splitFiles = (v: unknown): string[] =>
  typeof v === 'string' && v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The original name of an uploaded file (`biz/yyyy/MM/<16 hex>_<name>`). */
export const displayName = (fileName: string) =>
  fileName
    .split('/')
    .pop()!
    .replace(/^[0-9a-f]{16}_/, '');

/**
 * Object URLs for uploaded files. Downloads need the token header, which an <img src> cannot
 * send, so the files are fetched as blobs; the URLs live as long as the query cache keeps them.
 */
export function useFileUrls(names: string[], enabled = true) {
  return useQuery({
    queryKey: ['file-urls', names],
    enabled: enabled && names.length > 0,
    staleTime: Infinity,
    gcTime: 10 * 60000,
    queryFn: () => Promise.all(names.map(async (fileName) => URL.createObjectURL(await http.blob('/common/download', { fileName })))),
  });
}
