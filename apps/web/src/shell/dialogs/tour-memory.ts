/** Bumping the version shows the tour again to everyone (SPEC §4). */
export const TOUR_VERSION = '3.3';
/** How long a finished tour is remembered: 864e7 ms exactly as SPEC §9 writes it (the text beside it says 10 days). */
export const TOUR_TTL_MS = 864e7;
export const tourKey = (path: string) => `tour:${path}`;
/** When a tour finished at `now` shows again. */
export const tourExpiry = (now: number) => now + TOUR_TTL_MS;
