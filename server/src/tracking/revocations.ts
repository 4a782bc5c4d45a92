/**
 * This instance's open tracking streams by token, so a revoke made here ends them at once. A revoke made through
 * another instance (or an expiry) is found by the stream's own re-check of its link at each heartbeat and event
 * (tracking/stream.ts): nothing that must be shared between instances is kept here.
 */
export class TrackingRevocations {
  private readonly listeners = new Map<string, Set<() => void>>();

  /** Calls `onRevoked` when `token` is revoked through this instance; returns the unsubscribe. */
  onRevoke(token: string, onRevoked: () => void): () => void {
    let set = this.listeners.get(token);
    if (!set) {
      set = new Set();
      this.listeners.set(token, set);
    }
    set.add(onRevoked);
    return () => {
      const current = this.listeners.get(token);
      if (!current) return;
      current.delete(onRevoked);
      if (current.size === 0) this.listeners.delete(token);
    };
  }

  revoked(token: string): void {
    const set = this.listeners.get(token);
    if (!set) return;
    this.listeners.delete(token);
    for (const listener of set) listener();
  }
}
