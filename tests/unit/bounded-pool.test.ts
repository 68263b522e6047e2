import { describe, expect, it } from "vitest";
import { BoundedPool, PoolFullError } from "@/server/auth/bounded-pool";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("bounded pool", () => {
  it("runs at most `concurrency` jobs at once and the rest in turn", async () => {
    const pool = new BoundedPool(2, 10);
    const gates = [gate(), gate(), gate()];
    let running = 0;
    let most = 0;
    const jobs = gates.map((g, i) =>
      pool.run(async () => {
        running++;
        most = Math.max(most, running);
        await g.opened;
        running--;
        return i;
      }, "wait"),
    );
    await Promise.resolve();
    expect(pool.started).toBe(2);
    expect(pool.waiting).toBe(1);
    gates.forEach((g) => g.open());
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    expect(pool.started).toBe(3);
  });

  it("refuses a caller that will not queue behind a full queue, but lets a waiting caller queue", async () => {
    const pool = new BoundedPool(1, 1);
    const g = gate();
    const first = pool.run(() => g.opened, "refuse");
    const second = pool.run(async () => "second", "refuse");
    await expect(pool.run(async () => "third", "refuse")).rejects.toBeInstanceOf(PoolFullError);
    const patient = pool.run(async () => "patient", "wait");
    g.open();
    await first;
    expect(await second).toBe("second");
    expect(await patient).toBe("patient");
    expect(pool.started).toBe(3);
  });

  it("frees the slot of a job that fails", async () => {
    const pool = new BoundedPool(1, 0);
    await expect(pool.run(async () => Promise.reject(new Error("boom")), "refuse")).rejects.toThrow("boom");
    expect(await pool.run(async () => "after", "refuse")).toBe("after");
  });
  it("serves the lowest rank first, in turn within a rank, and past the queue refuses the last in line for a lower rank", async () => {
    const pool = new BoundedPool(1, 3);
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => async () => void order.push(name);
    const first = pool.run(() => g.opened, "refuse");
    const flood = [pool.run(job("flood-1"), "refuse", 20), pool.run(job("flood-2"), "refuse", 20)];
    const calm = pool.run(job("calm"), "refuse", 0);
    // The queue is full: a newcomer that has tried less takes the place of the last flood request, one that has tried
    // as much is refused itself.
    const newcomer = pool.run(job("newcomer"), "refuse", 1);
    await expect(flood[1]).rejects.toBeInstanceOf(PoolFullError);
    await expect(pool.run(job("flood-3"), "refuse", 20)).rejects.toBeInstanceOf(PoolFullError);
    g.open();
    await Promise.all([first, flood[0], calm, newcomer]);
    expect(order).toEqual(["calm", "newcomer", "flood-1"]);
  });
});
