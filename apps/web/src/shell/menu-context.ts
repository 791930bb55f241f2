import { createContext, useContext } from 'react';
import type { MenuIndex } from './menu-model.ts';

export const MenuContext = createContext<MenuIndex | undefined>(undefined);

export function useMenuIndex(): MenuIndex {
  const v = useContext(MenuContext);
  if (!v) throw new Error('useMenuIndex outside the shell');
  return v;
}
