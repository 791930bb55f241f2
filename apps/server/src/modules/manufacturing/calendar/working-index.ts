/**
 * A calendar's working intervals over a range of days, flattened into sorted arrays with the working
 * time before each, so the calendar answers "next working time", "add working minutes" and "working
 * minutes between" by binary search instead of walking day by day (issue 16: scheduling 5,000
 * operations asks these questions hundreds of thousands of times). Built only when the intervals are
 * in order and do not overlap; `WorkCalendar` keeps its day-by-day walk for the other calendars and
 * for anything outside the range, and every answer here is the one that walk gives.
 */
export const DAY_MS = 86_400_000;

export class WorkingIndex {
  private constructor(
    /** First and last (exclusive) day start covered, in ms. */
    readonly from: number,
    readonly to: number,
    private readonly a: Float64Array,
    private readonly b: Float64Array,
    /** Working ms before interval i (cum[i]) and before the end of the last (cum[n]). */
    private readonly cum: Float64Array,
  ) {}

  /** The index over [from, to), or undefined when the intervals are out of order or overlap. */
  static build(from: number, to: number, dayIntervals: (dayMs: number) => Array<[number, number]>): WorkingIndex | undefined {
    const a: number[] = [];
    const b: number[] = [];
    for (let day = from; day < to; day += DAY_MS) {
      for (const [x, y] of dayIntervals(day)) {
        if (y < x || y > day + 2 * DAY_MS || (b.length > 0 && x < b[b.length - 1])) return undefined;
        a.push(x);
        b.push(y);
      }
    }
    const cum = new Float64Array(a.length + 1);
    for (let i = 0; i < a.length; i++) cum[i + 1] = cum[i] + (b[i] - a[i]);
    return new WorkingIndex(from, to, Float64Array.from(a), Float64Array.from(b), cum);
  }

  /**
   * Whether a moment is far enough inside the range that no day outside it can change an answer
   * about it: a day's windows end within two days of its midnight, walks start a day off.
   */
  inside(ms: number): boolean {
    return ms >= this.from + 2 * DAY_MS && ms + 3 * DAY_MS <= this.to;
  }

  /** First interval whose end is after `ms` (n when none). */
  private firstEndingAfter(ms: number): number {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.b[mid] > ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Working ms in the range before `ms`. */
  private workBefore(ms: number): number {
    const k = this.firstEndingAfter(ms);
    if (k === this.a.length) return this.cum[k];
    return this.cum[k] + Math.max(0, ms - this.a[k]);
  }

  nextWorkingTime(ms: number): number | undefined {
    const k = this.firstEndingAfter(ms);
    return k < this.a.length ? Math.max(this.a[k], ms) : undefined;
  }

  /** `ms` plus `left` working ms (left > 0). */
  addForward(ms: number, left: number): number | undefined {
    const first = this.firstEndingAfter(ms);
    if (first === this.a.length) return undefined;
    const from = Math.max(this.a[first], ms);
    if (left <= this.b[first] - from) return from + left;
    const before = this.workBefore(ms);
    // the first interval whose end reaches `left` working ms after `ms` (integer differences: exact)
    let lo = first + 1;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid + 1] - before >= left) hi = mid;
      else lo = mid + 1;
    }
    if (lo === this.a.length) return undefined;
    return this.a[lo] + (left - (this.cum[lo] - before));
  }

  /** `ms` minus `left` working ms (left > 0). */
  addBackward(ms: number, left: number): number | undefined {
    const before = this.workBefore(ms);
    if (before < left) return undefined;
    // the last interval starting at least `left` working ms before `ms`
    let lo = 0;
    let hi = this.a.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (before - this.cum[mid] >= left) lo = mid;
      else hi = mid - 1;
    }
    const from = Math.min(this.b[lo], ms);
    return from - (left - (before - (this.cum[lo] + (from - this.a[lo]))));
  }

  /** Working ms between two moments in the range (0 when `to` is not after `from`). */
  between(from: number, to: number): number {
    return to > from ? this.workBefore(to) - this.workBefore(from) : 0;
  }
}
