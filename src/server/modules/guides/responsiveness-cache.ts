import type { Responsiveness } from '../../../shared/responsiveness';

/** How long search cards reuse a guide's response figures (decision 077). */
export const RESPONSIVENESS_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;

type Read = (ids: number[]) => Promise<Map<number, Responsiveness>>;

/**
 * The response figures search cards show, kept per guide for a few minutes: a page reads the figures
 * it lacks (or holds for longer than the TTL) in one query, and none when all are fresh. Messages do
 * not notify the search index, so the TTL is what bounds their age.
 */
export class ResponsivenessCache {
  private readonly entries = new Map<number, { at: number; value: Responsiveness }>();

  constructor(
    private readonly read: Read,
    private readonly ttlMs = RESPONSIVENESS_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(ids: readonly number[]): Promise<Map<number, Responsiveness>> {
    const now = this.clock();
    const out = new Map<number, Responsiveness>();
    const stale: number[] = [];
    for (const id of ids) {
      const hit = this.entries.get(id);
      if (hit && now - hit.at < this.ttlMs) out.set(id, hit.value);
      else stale.push(id);
    }
    if (stale.length === 0) return out;
    const fresh = await this.read(stale);
    for (const id of stale) {
      const value = fresh.get(id);
      if (!value) continue;
      out.set(id, value);
      this.entries.delete(id); // the newest goes last, so the oldest leaves first
      this.entries.set(id, { at: now, value });
    }
    for (const id of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(id);
    }
    return out;
  }

  /** Forgets every figure (the next page reads afresh). */
  clear(): void {
    this.entries.clear();
  }
}
