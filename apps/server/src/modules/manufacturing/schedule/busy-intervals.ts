/**
 * The busy time of one slot of a work centre: intervals [start, end) in ms, sorted, intervals that
 * overlap merged into one (touching ones stay apart, so a zero-length operation still fits between
 * them), so ends are sorted too and the first interval that can clash with a moment is a binary search.
 * A clash is the scheduler's: [a, z) and [s, e) clash when a < e and s < z.
 */
export class BusyIntervals {
  private readonly a: number[] = [];
  private readonly z: number[] = [];

  get size(): number {
    return this.a.length;
  }
  start(i: number): number {
    return this.a[i];
  }
  end(i: number): number {
    return this.z[i];
  }

  /** The first interval ending after `ms` (size when none): the only one that can clash with work starting at `ms` before the ones after it do. */
  firstEndingAfter(ms: number): number {
    let lo = 0;
    let hi = this.z.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.z[mid] > ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The last interval starting before `ms` (-1 when none). */
  lastStartingBefore(ms: number): number {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.a[mid] < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  clashes(s: number, e: number): boolean {
    const i = this.firstEndingAfter(s);
    return i < this.a.length && this.a[i] < e;
  }

  add(s: number, e: number) {
    // the intervals it overlaps (a < e and s < z) are a run from the first ending after s
    let i = this.firstEndingAfter(s);
    let j = i;
    let from = s;
    let to = e;
    while (j < this.a.length && this.a[j] < e && s < this.z[j]) {
      from = Math.min(from, this.a[j]);
      to = Math.max(to, this.z[j]);
      j++;
    }
    if (j === i) {
      // no overlap: its place among starts (then ends, for zero-length ones at the same moment)
      while (i < this.a.length && (this.a[i] < s || (this.a[i] === s && this.z[i] <= e))) i++;
    }
    this.a.splice(i, j - i, from);
    this.z.splice(i, j - i, to);
  }
}
