import { useSyncExternalStore } from 'react';

/** SPEC §4/§9 device kinds: up to 767.99 px mobile, up to 1087.99 px narrow, else desktop. */
export type Device = 'mobile' | 'narrow' | 'desktop';

const mobileQuery = '(max-width: 767.99px)';
const narrowQuery = '(max-width: 1087.99px)';

function current(): Device {
  if (window.matchMedia(mobileQuery).matches) return 'mobile';
  if (window.matchMedia(narrowQuery).matches) return 'narrow';
  return 'desktop';
}

export function useDevice(): Device {
  return useSyncExternalStore((l) => {
    const qs = [window.matchMedia(mobileQuery), window.matchMedia(narrowQuery)];
    for (const q of qs) q.addEventListener('change', l);
    return () => qs.forEach((q) => q.removeEventListener('change', l));
  }, current);
}
