import "server-only";
import type { RealtimeMessage } from "./bus";

/**
 * What the hub delivered lately, in order, for a page that subscribes after its server render: it asks what was
 * published since the render and gets it, or learns that part of it is no longer held (then it refetches).
 * Bounded by age and by count; `now` is injectable for tests.
 */
export class RecentMessages {
  private readonly entries: { at: number; message: RealtimeMessage }[] = [];
  /** Every message delivered after this time is still held (before the first one: the hub's start). */
  private completeAfter: number;

  constructor(
    private readonly keepMs: number,
    private readonly maxMessages: number,
    private readonly now: () => number = Date.now,
  ) {
    this.completeAfter = now();
  }

  add(message: RealtimeMessage): void {
    const at = this.now();
    this.entries.push({ at, message });
    this.trim(at);
  }

  /** The messages delivered at `from` or later, oldest first; null when some of them are no longer held. */
  since(from: number): RealtimeMessage[] | null {
    this.trim(this.now());
    if (from <= this.completeAfter) return null;
    let first = this.entries.length;
    while (first > 0 && this.entries[first - 1].at >= from) first--;
    return this.entries.slice(first).map((entry) => entry.message);
  }

  private trim(now: number) {
    while (this.entries.length > 0 && (this.entries.length > this.maxMessages || this.entries[0].at < now - this.keepMs)) {
      this.completeAfter = Math.max(this.completeAfter, this.entries.shift()!.at);
    }
  }
}
