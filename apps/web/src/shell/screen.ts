import type { ComponentType, JSX, LazyExoticComponent } from 'react';

/** Props every menu screen receives from the shell. */
export interface ScreenProps {
  /** the menu entry's url (also the route path) */
  path: string;
  title: string;
}

/** A menu screen, loaded when first opened. */
export type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

type ScreenFn = (p: ScreenProps) => JSX.Element;

/**
 * Screens made from one generic page per key (document type, report url): each key's component is
 * made once, so React keeps its identity (a new function per render would remount the screen).
 */
export function keyedScreens(make: (key: string) => ScreenFn): (key: string) => ScreenFn {
  const made = new Map<string, ScreenFn>();
  return (key) => {
    let c = made.get(key);
    if (!c) {
      c = make(key);
      made.set(key, c);
    }
    return c;
  };
}
