import { describe, expect, it } from "vitest";
import { filesToRerun, MAX_RERUN_FILES, summarize } from "@/scripts/test-crashes.mjs";

// scripts/test.mjs runs once more only the files a dead test process took with it, and only when nothing else failed.
const file = (moduleId: string, state: string) => ({ moduleId, state: () => state });
const crash = { message: "[vitest-pool]: Worker forks emitted error.", cause: { message: "Worker exited unexpectedly" } };

describe("files a crashed test process took with it", () => {
  it("are the files that never finished, with the crash itself not counted as another error", () => {
    const summary = summarize([file("a.test.ts", "passed"), file("b.test.ts", "pending"), file("c.test.ts", "skipped")], [crash]);
    expect(summary).toEqual({ unfinished: ["b.test.ts"], failedFiles: 0, otherErrors: 0 });
    expect(filesToRerun(summary)).toEqual(["b.test.ts"]);
  });

  it("are not run again when a test failed, another error was caught, or too many files died", () => {
    expect(filesToRerun(summarize([file("a.test.ts", "failed"), file("b.test.ts", "pending")], [crash]))).toEqual([]);
    expect(filesToRerun(summarize([file("b.test.ts", "pending")], [crash, { message: "Unhandled rejection: boom" }]))).toEqual([]);
    const many = Array.from({ length: MAX_RERUN_FILES + 1 }, (_, i) => file(`${i}.test.ts`, "queued"));
    expect(filesToRerun(summarize(many, [crash]))).toEqual([]);
    expect(filesToRerun(summarize([file("a.test.ts", "passed")], []))).toEqual([]);
    expect(filesToRerun(undefined)).toEqual([]);
  });
});
