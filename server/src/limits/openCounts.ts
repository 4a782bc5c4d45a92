/**
 * How many of something each key holds open on this instance (connections, streams), against a cap. Kept in
 * memory: what it protects (sockets, file descriptors, stream state) is this process's own.
 */
export class OpenCounts {
  private readonly counts = new Map<string, number>();

  /** Counts one more for `key` unless it already holds `max`; false when refused. */
  take(key: string, max: number): boolean {
    const held = this.counts.get(key) ?? 0;
    if (held >= max) return false;
    this.counts.set(key, held + 1);
    return true;
  }

  /** Gives back one taken for `key`. */
  release(key: string): void {
    const held = (this.counts.get(key) ?? 0) - 1;
    if (held > 0) this.counts.set(key, held);
    else this.counts.delete(key);
  }
}
