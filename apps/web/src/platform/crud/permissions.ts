import { cache, CACHE_KEYS } from '../storage.ts';
import type { ButtonGrant } from '../session.ts';

/**
 * SPEC §6 per-page buttons from winBtnStrList, matched on the page path (/plugins pages are
 * stored under /system). The server refuses anyway; this only hides what would be refused.
 */
export function pageButtons(path: string): Set<string> {
  const list = cache.get<ButtonGrant[]>(CACHE_KEYS.btnList) ?? [];
  const key = path.startsWith('/plugins') ? `/system${path}` : path;
  const entry = list.find((b) => b.url === key);
  return new Set((entry?.btnStr ?? '').split(',').filter(Boolean));
}

export interface PagePermissions {
  /** button 1: add, edit, delete, enable / disable */
  edit: boolean;
  /** button 3: import and export */
  io: boolean;
}

export function pagePermissions(path: string): PagePermissions {
  const b = pageButtons(path);
  return { edit: b.has('1'), io: b.has('3') };
}
