import type { Clock } from '../clock';

/**
 * Failed login attempts per (email, client IP) in a sliding window. Once `maxAttempts` failures are on record
 * the next attempt is refused (429) until the oldest one leaves the window; a successful login clears the key.
 * Kept in memory on purpose: losing it on restart is harmless. The key count is capped so a flood of distinct
 * emails cannot grow it without bound (the oldest keys go first).
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxAttempts: number,
    private readonly windowMs: number,
    private readonly now: Clock,
    private readonly maxKeys = 50_000,
  ) {}

  static key(email: string, ip: string): string {
    return `${ip}\u0000${email.trim().toLowerCase()}`;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxAttempts) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - this.maxAttempts] + this.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}
