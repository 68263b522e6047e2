import { describe, expect, it, onTestFinished, vi } from "vitest";
import { captureLogs } from "../fixtures/log-capture";
import { CHANGES_AT_MOST_AFTER_MS, ChangeLink, MAX_PENDING_CHANGES, type Change } from "@/server/render-threads/coherence";
import { MAX_RENDER_THREADS, renderThreadCount } from "@/server/render-threads/pool";

// The threads of one console process tell each other what changed (server/render-threads/coherence.ts): in batches,
// counted, so that a request or an answer waits until the batches sent before it are applied; between them, a batch
// goes at most CHANGES_AT_MOST_AFTER_MS after its first change.

const tables = (table: string): Change => ({ tables: [[table, "all"]] });

describe("ChangeLink", () => {
  it("keeps changes for the next request or answer, sends them all in one batch, counted, and nothing when there is nothing to send", () => {
    vi.useFakeTimers();
    try {
      const sent: Change[][] = [];
      const link = new ChangeLink((changes) => sent.push(changes));
      expect(link.flush()).toBe(0);
      link.add(tables("sites"));
      link.add(tables("paths"));
      vi.advanceTimersByTime(CHANGES_AT_MOST_AFTER_MS - 1);
      expect(sent).toEqual([]);
      // Flushed at once when a request or an answer is about to carry the count.
      expect(link.flush()).toBe(1);
      expect(sent).toEqual([[tables("sites"), tables("paths")]]);
      vi.advanceTimersByTime(CHANGES_AT_MOST_AFTER_MS);
      expect(sent).toHaveLength(1);
      // Nothing carries them: they go anyway, once.
      link.add(tables("alarms"));
      vi.advanceTimersByTime(CHANGES_AT_MOST_AFTER_MS);
      expect(sent).toEqual([[tables("sites"), tables("paths")], [tables("alarms")]]);
      expect(link.flush()).toBe(2);
      vi.advanceTimersByTime(CHANGES_AT_MOST_AFTER_MS);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends what waits at once when it grows past its limit", () => {
    const sent: Change[][] = [];
    const link = new ChangeLink((changes) => sent.push(changes));
    for (let i = 0; i < MAX_PENDING_CHANGES - 1; i++) link.add(tables(`t${i}`));
    expect(sent).toEqual([]);
    link.add(tables("last"));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(MAX_PENDING_CHANGES);
    expect(link.flush()).toBe(1);
  });

  it("lets a request wait until the batches sent before it are applied, in order", async () => {
    const link = new ChangeLink(() => {});
    expect(link.caughtUp(0)).toBeUndefined();
    expect(link.caughtUp(Number.NaN)).toBeUndefined();
    const applied: Change[] = [];
    const second = vi.fn();
    const first = vi.fn();
    void link.caughtUp(2)!.then(second);
    void link.caughtUp(1)!.then(first);
    link.received([tables("sites")], (change) => applied.push(change));
    await Promise.resolve();
    expect(first).toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    link.received([tables("paths"), tables("alarms")], (change) => applied.push(change));
    await Promise.resolve();
    expect(second).toHaveBeenCalled();
    expect(applied).toEqual([tables("sites"), tables("paths"), tables("alarms")]);
    expect(link.caughtUp(2)).toBeUndefined();
  });

  it("lets go of whatever waits when the other end is gone", async () => {
    const link = new ChangeLink(() => {});
    const waited = link.caughtUp(3)!;
    link.release();
    await expect(waited).resolves.toBeUndefined();
  });

  it("counts a batch whose change could not be applied, so nothing waits for it forever", async () => {
    const link = new ChangeLink(() => {});
    const waited = link.caughtUp(1)!;
    const logs = captureLogs();
    onTestFinished(logs.restore);
    link.received([tables("sites")], () => {
      throw new Error("broken");
    });
    await expect(waited).resolves.toBeUndefined();
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "error", area: "render-threads", msg: "a change could not be applied" }));
  });
});

describe("renderThreadCount", () => {
  const threaded = { kind: "pglite" as const, connectThread: () => ({}) as never };
  it("renders on one thread per core, at most four, on two cores or more with PGlite", () => {
    expect(renderThreadCount(threaded, {}, 2)).toBe(2);
    expect(renderThreadCount(threaded, {}, 16)).toBe(MAX_RENDER_THREADS);
    expect(renderThreadCount(threaded, {}, 1)).toBe(0);
    // On PostgreSQL a console grows by processes.
    expect(renderThreadCount({ kind: "postgres" }, {}, 4)).toBe(0);
    expect(renderThreadCount({ kind: "postgres" }, { RENDER_THREADS: "2" }, 4)).toBe(2);
  });

  it("follows RENDER_THREADS, and renders on the main thread when PGlite runs there", () => {
    expect(renderThreadCount(threaded, { RENDER_THREADS: "0" }, 2)).toBe(0);
    expect(renderThreadCount(threaded, { RENDER_THREADS: "3" }, 2)).toBe(3);
    expect(renderThreadCount(threaded, { RENDER_THREADS: "many" }, 2)).toBe(2);
    expect(renderThreadCount({ kind: "pglite" }, { RENDER_THREADS: "2" }, 4)).toBe(0);
  });
});
