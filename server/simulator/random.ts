import "server-only";

// Counter-based randomness: a value is a pure function of (seed, key, counter), never of how many values were
// drawn before it. So a sample at time t comes out the same whether it is computed live or in a backfill.

/** The murmur3 finaliser: spreads every input bit over the 32-bit output. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a text (FNV-1a, then finalised). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Combines a key with one more integer part (a counter, a time bucket, an index). */
export function mix(key: number, part: number): number {
  // Time buckets exceed 32 bits once divided by small steps: fold the high part in as well.
  const low = part >>> 0;
  const high = Math.floor(part / 0x1_0000_0000) >>> 0;
  return fmix32((key ^ Math.imul(low, 0x9e3779b1) ^ Math.imul(high, 0x7feb352d)) + 0x6a09e667);
}

/** The key of one object under one seed, for one purpose ("traffic", "latency", …). */
export function objectKey(seed: number, id: string, purpose: string): number {
  return mix(hashText(`${id}\u0000${purpose}`), seed);
}

/** A number in [0, 1) for (key, counter). */
export function unitAt(key: number, counter: number): number {
  return mix(key, counter) / 0x1_0000_0000;
}

/** A fixed number in [min, max) for a key: an object's own constant (its base latency, its peak utilisation). */
export function constantIn(key: number, min: number, max: number): number {
  return min + unitAt(key, 0) * (max - min);
}

/** White noise in [0, 1), one value per `stepMs` bucket of time. */
export function noiseAt(key: number, timeMs: number, stepMs: number): number {
  return unitAt(key, Math.floor(timeMs / stepMs));
}

/** Smooth value noise in [0, 1): interpolated between buckets, for slow wander (no steps in the charts). */
export function smoothNoiseAt(key: number, timeMs: number, stepMs: number): number {
  const position = timeMs / stepMs;
  const bucket = Math.floor(position);
  const f = position - bucket;
  const eased = f * f * (3 - 2 * f);
  const a = unitAt(key, bucket);
  const b = unitAt(key, bucket + 1);
  return a + (b - a) * eased;
}

/** A stable pick among candidates for a purpose, or undefined when there are none. */
export function pick<T>(seed: number, purpose: string, candidates: readonly T[]): T | undefined {
  if (candidates.length === 0) return undefined;
  return candidates[mix(hashText(purpose), seed) % candidates.length];
}

/** A seed from the environment: a number as given, any other text hashed; the default when empty. */
export function parseSeed(value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  const numeric = Number(text);
  if (Number.isSafeInteger(numeric)) return numeric >>> 0;
  return hashText(text);
}
