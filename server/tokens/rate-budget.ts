import "server-only";
import { API_TOKEN_RATE } from "@/lib/tokens/constants";

// Each API token's own budget (lib/tokens/constants.ts API_TOKEN_RATE): a token bucket per token and process, so one
// script exhausting its budget slows nobody else — not another token, not a browser session (which draws on none).

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_BUCKETS = 50_000;

export class TokenRateBudget {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly rate: { perSecond: number; burst: number } = API_TOKEN_RATE) {}

  /**
   * Spends one call of a token's budget (keyed by the secret's hash): 0 when admitted, else the milliseconds until one
   * call is available.
   */
  take(tokenId: string, now = Date.now()): number {
    const { perSecond, burst } = this.rate;
    const bucket = this.buckets.get(tokenId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) * perSecond) / 1000);
    bucket.at = now;
    this.keep(tokenId, bucket, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * 1000) / perSecond);
  }

  /** Forgets every budget (a test starting over). */
  clear(): void {
    this.buckets.clear();
  }

  private keep(tokenId: string, bucket: Bucket, now: number): void {
    this.buckets.delete(tokenId);
    if (this.buckets.size >= MAX_BUCKETS) {
      // A bucket refilled to its burst is the same as none: those go first.
      const full = (this.rate.burst * 1000) / this.rate.perSecond;
      for (const [id, old] of this.buckets) if (now - old.at >= full) this.buckets.delete(id);
      if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    }
    this.buckets.set(tokenId, bucket);
  }
}

// One budget per process, shared by the server entry and the code Next bundles (two module graphs).
const holder = globalThis as typeof globalThis & { __maiaTokenRateBudget?: TokenRateBudget };

export function tokenRateBudget(): TokenRateBudget {
  holder.__maiaTokenRateBudget ??= new TokenRateBudget();
  return holder.__maiaTokenRateBudget;
}
