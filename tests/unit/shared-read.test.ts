import { describe, expect, it } from "vitest";
import { sharedRead } from "@/server/core/shared-read";

// Concurrent identical reads run once; nothing outlives the read.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("sharedRead", () => {
  it("gives concurrent callers of one key the same read, and other keys and databases their own", async () => {
    const db = {};
    let reads = 0;
    const pending = deferred<string[]>();
    const read = () => {
      reads++;
      return pending.promise;
    };
    const first = sharedRead(db, "connector-health:organization:o1", read);
    const second = sharedRead(db, "connector-health:organization:o1", read);
    const otherKey = sharedRead(db, "connector-health:organization:o2", async () => ["o2"]);
    const otherDb = sharedRead({}, "connector-health:organization:o1", async () => ["other db"]);
    expect(reads).toBe(1);
    pending.resolve(["o1"]);
    expect(await first).toEqual(["o1"]);
    expect(await second).toBe(await first);
    expect(await otherKey).toEqual(["o2"]);
    expect(await otherDb).toEqual(["other db"]);
  });

  it("reads again once the read has settled, after a failure too", async () => {
    const db = {};
    const failing = deferred<number>();
    const failed = sharedRead(db, "k", () => failing.promise);
    const alsoFailed = sharedRead(db, "k", async () => 2);
    failing.reject(new Error("connection lost"));
    await expect(failed).rejects.toThrow("connection lost");
    await expect(alsoFailed).rejects.toThrow("connection lost");
    expect(await sharedRead(db, "k", async () => 3)).toBe(3);
    expect(await sharedRead(db, "k", async () => 4)).toBe(4);
  });
});
