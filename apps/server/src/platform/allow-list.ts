/**
 * A server administrator's list of machine resources a company may use (serial ports, label printers): comma
 * separated entries, a trailing `*` for a prefix. Unset or empty, nothing is allowed.
 */
export function allowListEntries(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

/** Whether `value` is an entry of the list, or starts with an entry's text before its trailing `*`. */
export const matchesEntry = (entry: string, value: string) => (entry.endsWith('*') ? value.startsWith(entry.slice(0, -1)) : value === entry);
