/** SPEC §9 greeting by hour: before 9, to 11, to 13, before 20, else. */
export function greetingKey(hour: number = new Date().getHours()): 'early' | 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour < 9) return 'early';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
