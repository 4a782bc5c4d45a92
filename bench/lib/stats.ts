/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const KiB = 1024;
export const toKiB = (bytes: number) => round(bytes / KiB, 1);

/** Nearest-rank percentile (p in 0…100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** What a list of request times (ms) says: count, p50/p95/p99, max and mean, to two decimals. */
export interface Latency {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export function latencySummary(samples: readonly number[]): Latency {
  return {
    requests: samples.length,
    p50Ms: round(percentile(samples, 50), 2),
    p95Ms: round(percentile(samples, 95), 2),
    p99Ms: round(percentile(samples, 99), 2),
    maxMs: round(Math.max(...samples), 2),
    meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length, 2),
  };
}
