/** Milliseconds since the epoch. Injected so tests can move time (token expiry, reuse leeway, rate-limit window). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Dates from the driver → ISO strings for JSON. */
export function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}
