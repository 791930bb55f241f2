import { useSyncExternalStore } from 'react';
import { cache, CACHE_KEYS } from '../../platform/storage.ts';
import { HOME_PATH } from '../menu-model.ts';

/**
 * Open tabs (SPEC §2.3): home first and fixed, the list cached in local storage so it survives
 * a reload. `versions` bumps when a tab is refreshed so its kept-alive page mounts afresh.
 */
export interface TabState {
  paths: string[];
  versions: Record<string, number>;
}

export type CloseRefusal = 'tabs.homeNoClose' | 'tabs.lastNoClose';

const listeners = new Set<() => void>();
let state: TabState = { paths: restore(), versions: {} };

function restore(): string[] {
  const saved = cache.get<string[]>(CACHE_KEYS.openPages) ?? [];
  return [HOME_PATH, ...saved.filter((p) => typeof p === 'string' && p !== HOME_PATH)];
}

function set(paths: string[], versions = state.versions): void {
  state = { paths, versions };
  cache.set(CACHE_KEYS.openPages, paths);
  for (const l of listeners) l();
}

export function useTabs(): TabState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

export function openTab(path: string): void {
  if (!state.paths.includes(path)) set([...state.paths, path]);
}

/** Drops restored tabs the current user has no route for (e.g. after a company switch). */
export function pruneTabs(keep: (path: string) => boolean): void {
  const paths = state.paths.filter((p) => p === HOME_PATH || keep(p));
  if (paths.length !== state.paths.length) set(paths);
}

/**
 * Closes one tab. Refusals follow SPEC §2.3; the last-page rule is checked first so that, with
 * only the home tab open, the user is told it is the last page. Returns where to go when the
 * closed tab was active.
 */
export function closeTab(path: string, active: string): { refused?: CloseRefusal; next?: string } {
  if (state.paths.length <= 1) return { refused: 'tabs.lastNoClose' };
  if (path === HOME_PATH) return { refused: 'tabs.homeNoClose' };
  const i = state.paths.indexOf(path);
  if (i < 0) return {};
  const paths = state.paths.filter((p) => p !== path);
  set(paths);
  return path === active ? { next: paths[Math.min(i, paths.length - 1)] } : {};
}

/** Close left / right / others of `path`; the home tab always stays. Returns the tab to show. */
export function closeMany(path: string, which: 'left' | 'right' | 'others', active: string): string {
  const i = state.paths.indexOf(path);
  const keep = state.paths.filter((p, j) => p === HOME_PATH || p === path || (which === 'left' ? j > i : which === 'right' ? j < i : false));
  set(keep);
  return keep.includes(active) ? active : path;
}

export function refreshTab(path: string): void {
  set(state.paths, { ...state.versions, [path]: (state.versions[path] ?? 0) + 1 });
}

/** On logout the next user starts with home only. */
export function resetTabs(): void {
  set([HOME_PATH], {});
}
