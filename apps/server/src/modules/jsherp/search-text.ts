/** The filters jshERP's lists send inside `search` (JSON text); nothing when it is not an object. */
export const searchOf = (q: Record<string, unknown>): Record<string, unknown> => {
  try {
    const s = JSON.parse(String(q.search ?? '{}')) as unknown;
    return s && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
