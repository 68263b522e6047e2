// A test process that dies (a crash of the process itself, a signal or an abort) takes the file it was running with
// it: vitest says only "Worker exited unexpectedly", and that file never finishes. This reporter names those files,
// and scripts/test.mjs runs them once more: a file that crashes again, or any test that failed, still fails the step.
import fs from "node:fs";

/** At most this many files run again: more crashes than that in one run are not a passing accident. */
export const MAX_RERUN_FILES = 3;

const POOL_ERROR = /Worker (forks|threads) emitted error|Worker exited unexpectedly/;

/** What a run left behind: the files that never finished, the files that failed, the errors that were not a crash. */
export function summarize(testModules, unhandledErrors) {
  const unfinished = testModules.filter((module) => ["pending", "queued"].includes(module.state())).map((module) => module.moduleId);
  const failedFiles = testModules.filter((module) => module.state() === "failed").length;
  const otherErrors = unhandledErrors.filter((error) => !POOL_ERROR.test(`${error.message ?? ""} ${error.cause?.message ?? ""}`)).length;
  return { unfinished, failedFiles, otherErrors };
}

/** The files to run again, or none: only when crashes alone failed the run, and not too many. */
export function filesToRerun(summary) {
  if (!summary || summary.failedFiles > 0 || summary.otherErrors > 0) return [];
  if (summary.unfinished.length === 0 || summary.unfinished.length > MAX_RERUN_FILES) return [];
  return summary.unfinished;
}

export default class CrashedFilesReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const summary = summarize(testModules, unhandledErrors);
    if (summary.unfinished.length === 0) return;
    console.log(`\nThe test process running these files exited before they finished:\n${summary.unfinished.map((file) => `  ${file}`).join("\n")}`);
    if (process.env.TEST_CRASH_REPORT) fs.writeFileSync(process.env.TEST_CRASH_REPORT, JSON.stringify(summary));
  }
}
