/**
 * Page-view tracking on route change (SPEC §7.6), to the company's own log (POST /sysLog/pageView), never a third party.
 * The path to record when the route becomes `next` after `prev`: a new path of the signed-in shell, not the sign-in
 * pages and not the same page again (a query or hash change is the same page).
 */
export function pageViewToTrack(prev: string | undefined, next: string): string | null {
  const path = next.split(/[?#]/)[0]!;
  if (!path.startsWith('/') || path.startsWith('/user/')) return null;
  if (prev !== undefined && prev.split(/[?#]/)[0] === path) return null;
  return path;
}
