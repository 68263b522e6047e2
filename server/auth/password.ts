import "server-only";
import { availableParallelism } from "node:os";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_HASHING } from "@/lib/constants";
import { BoundedPool } from "./bounded-pool";

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

// libuv's threads also gzip API answers and read files: a flood of sign-ins must not take them all.
export const hashingPool = new BoundedPool(Math.min(PASSWORD_HASHING.concurrency, availableParallelism()), PASSWORD_HASHING.queue);

function derive(password: string, salt: Buffer, params: ScryptOptions, whenFull: "refuse" | "wait", rank = 0): Promise<Buffer> {
  return hashingPool.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))),
      ),
    whenFull,
    rank,
  );
}

/** A new hash; waits its turn in the pool (accounts are created by people who hold an invitation, or by the seed). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, "wait");
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/**
 * Whether the password matches; throws PoolFullError rather than queue behind a full pool (anyone can ask this).
 * `rank`: the caller's place in line (how much its address has tried: server/auth/credentials.ts).
 */
export async function verifyPassword(password: string, stored: string, rank = 0): Promise<boolean> {
  const [algorithm, n, r, p, salt, key] = stored.split("$");
  if (algorithm !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const actual = await derive(password, Buffer.from(salt, "base64url"), params, "refuse", rank);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// Unknown accounts still cost one hash, in the same pool, so response time does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string, rank = 0): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString("hex"));
  await verifyPassword(password, await dummyHash, rank);
  return false;
}
