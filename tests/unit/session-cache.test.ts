import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { SessionCache, type ResolvedSession } from "@/server/auth/session-cache";

const TTL = 2_000;
const db = {};

function session(userId: string, role: Principal["role"] = "customer-admin"): ResolvedSession {
  return {
    expiresAt: Date.now() + 3_600_000,
    lastSeenAt: Date.now(),
    principal: {
      userId,
      email: `${userId}@example.com`,
      firstName: "A",
      lastName: "B",
      language: "en",
      organizationId: "org",
      organizationType: "customer",
      role,
      scopes: [],
      sessionTokenHash: `hash-${userId}`,
    },
  };
}

/** A loader whose answers the test releases by hand, counting its calls. */
function manualLoader() {
  const waiting: ((value: ResolvedSession | null) => void)[] = [];
  const load = vi.fn(() => new Promise<ResolvedSession | null>((resolve) => waiting.push(resolve)));
  return { load, release: (index: number, value: ResolvedSession | null) => waiting[index](value) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SessionCache", () => {
  it("reads the database once per token while fresh, again after the TTL", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new SessionCache(TTL);
    const load = vi.fn(async () => session("u1"));
    await cache.read(db, "h1", load);
    vi.setSystemTime(Date.now() + TTL - 1);
    await cache.read(db, "h1", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    await cache.read(db, "h1", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one lookup between calls made at once", async () => {
    const cache = new SessionCache(TTL);
    const { load, release } = manualLoader();
    const calls = [cache.read(db, "h1", load), cache.read(db, "h1", load), cache.read(db, "h1", load)];
    release(0, session("u1"));
    const answers = await Promise.all(calls);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => answer?.principal.userId === "u1")).toBe(true);
  });

  it("keeps no unknown or ended session, and forgets one that became unknown", async () => {
    const cache = new SessionCache(TTL);
    await cache.read(db, "h1", async () => session("u1"));
    expect(cache.size).toBe(1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + TTL);
    expect(await cache.read(db, "h1", async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => null);
    await cache.read(db, "h2", load);
    await cache.read(db, "h2", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets a signed-out session at once", async () => {
    const cache = new SessionCache(TTL);
    await cache.read(db, "h1", async () => session("u1"));
    await cache.read(db, "h2", async () => session("u2"));
    cache.forget("h1");
    const load = vi.fn(async () => null);
    expect(await cache.read(db, "h1", load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await cache.read(db, "h2", load))?.principal.userId).toBe("u2");
  });

  it("forgets every session of a user, and only theirs", async () => {
    const cache = new SessionCache(TTL);
    await cache.read(db, "a1", async () => session("alice"));
    await cache.read(db, "a2", async () => session("alice"));
    await cache.read(db, "b1", async () => session("bob"));
    cache.forgetUser("alice");
    const load = vi.fn(async () => session("alice", "customer-read-only"));
    expect((await cache.read(db, "a1", load))?.principal.role).toBe("customer-read-only");
    expect((await cache.read(db, "a2", load))?.principal.role).toBe("customer-read-only");
    expect(load).toHaveBeenCalledTimes(2);
    expect((await cache.read(db, "b1", load))?.principal.userId).toBe("bob");
  });

  it("does not keep what a lookup under way read before a sign-out, nor hand it to later calls", async () => {
    const cache = new SessionCache(TTL);
    const { load, release } = manualLoader();
    const before = cache.read(db, "h1", load);
    cache.forget("h1");
    const after = cache.read(db, "h1", load);
    expect(load).toHaveBeenCalledTimes(2);
    // The fresh read answers first; the stale one comes back last and must not be kept.
    release(1, null);
    expect(await after).toBeNull();
    release(0, session("u1"));
    expect((await before)?.principal.userId).toBe("u1");
    const again = vi.fn(async () => null);
    expect(await cache.read(db, "h1", again)).toBeNull();
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("does not keep what a lookup under way read before a user's sessions were forgotten", async () => {
    const cache = new SessionCache(TTL);
    const { load, release } = manualLoader();
    const under = cache.read(db, "h1", load);
    cache.forgetUser("u1");
    release(0, session("u1"));
    await under;
    const again = vi.fn(async () => session("u1", "customer-read-only"));
    expect((await cache.read(db, "h1", again))?.principal.role).toBe("customer-read-only");
  });

  it("keeps each database's sessions apart", async () => {
    const cache = new SessionCache(TTL);
    await cache.read(db, "h1", async () => session("u1"));
    const other = vi.fn(async () => null);
    expect(await cache.read({}, "h1", other)).toBeNull();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("stays within its size, dropping the oldest", async () => {
    const cache = new SessionCache(TTL, 3);
    for (const hash of ["h1", "h2", "h3", "h4"]) await cache.read(db, hash, async () => session(hash));
    expect(cache.size).toBe(3);
    const load = vi.fn(async () => session("h1"));
    await cache.read(db, "h1", load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets a failed lookup fail and tries again on the next call", async () => {
    const cache = new SessionCache(TTL);
    await expect(cache.read(db, "h1", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cache.read(db, "h1", async () => session("u1")))?.principal.userId).toBe("u1");
  });
});

describe("SessionCache between the threads of a process", () => {
  it("tells its listeners each session or user forgotten here, and forgets what another thread forgot without telling", async () => {
    const cache = new SessionCache(TTL);
    const told = vi.fn();
    cache.onChange(told);
    cache.forget("h1");
    cache.forgetUser("alice");
    expect(told.mock.calls).toEqual([[{ tokenHash: "h1" }], [{ userId: "alice" }]]);

    await cache.read(db, "h2", async () => session("bob"));
    await cache.read(db, "a1", async () => session("alice"));
    cache.applyChange({ tokenHash: "h2" });
    cache.applyChange({ userId: "alice" });
    const load = vi.fn(async () => null);
    expect(await cache.read(db, "h2", load)).toBeNull();
    expect(await cache.read(db, "a1", load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(told).toHaveBeenCalledTimes(2);
  });
});
