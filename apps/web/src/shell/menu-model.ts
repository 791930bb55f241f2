import { localTitle } from '../platform/i18n/index.ts';

/** A node of POST /function/findMenuByPNumber (docs/api.md, SPEC §3 Menu entry). */
export interface MenuEntry {
  id: number;
  number: string;
  text: string;
  englishName: string;
  url: string;
  component: string | null;
  icon: string | null;
  pushBtn: string;
  route: string;
  hidden: boolean;
  alwaysShow: boolean;
  children?: MenuEntry[];
}

export interface MenuLeaf extends MenuEntry {
  /** area entries above the leaf, outermost first (breadcrumb) */
  parents: MenuEntry[];
}

export interface MenuIndex {
  tree: MenuEntry[];
  leaves: Map<string, MenuLeaf>;
}

export const HOME_PATH = '/dashboard/analysis';
export const EMAIL_PATH = '/business/EmailIsReception';
/** SPEC §2.3: the gantt scheduling screen is opened from work orders, never from the side menu. */
export const HIDDEN_FROM_SIDE_MENU = ['/productionManagement/scheduleProduction'];

export function isExternal(url: string): boolean {
  return url.includes('http');
}

export function buildMenuIndex(tree: MenuEntry[]): MenuIndex {
  const leaves = new Map<string, MenuLeaf>();
  const walk = (nodes: MenuEntry[], parents: MenuEntry[]) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children, [...parents, n]);
      else if (n.url && !isExternal(n.url)) leaves.set(n.url, { ...n, parents });
    }
  };
  walk(tree, []);
  return { tree, leaves };
}

/** Entries the side and top menus show (hidden ones still have routes). */
export function visibleTree(nodes: MenuEntry[]): MenuEntry[] {
  return nodes.filter((n) => !n.hidden && !HIDDEN_FROM_SIDE_MENU.includes(n.url)).map((n) => (n.children ? { ...n, children: visibleTree(n.children) } : n));
}

/** Page title of a path for tabs, page header and document title. */
export function pageTitle(path: string, index: MenuIndex | undefined, t: (k: string) => string, lang: string): string {
  if (path === HOME_PATH) return t('tabs.home');
  const leaf = index?.leaves.get(path);
  if (leaf) return localTitle(leaf.text, leaf.englishName, lang);
  if (path === EMAIL_PATH) return t('menu.email');
  if (path.startsWith('/redirect')) return t('menu.redirect');
  return path;
}
