// Types for scripts/test-crashes.mjs (a plain module: vitest loads it as a reporter, scripts/test.mjs imports it).
interface RunModule {
  moduleId: string;
  state(): string;
}
interface RunError {
  message?: string;
  cause?: { message?: string };
}
export interface CrashSummary {
  unfinished: string[];
  failedFiles: number;
  otherErrors: number;
}
export const MAX_RERUN_FILES: number;
export function summarize(testModules: readonly RunModule[], unhandledErrors: readonly RunError[]): CrashSummary;
export function filesToRerun(summary: CrashSummary | undefined): string[];
export default class CrashedFilesReporter {
  onTestRunEnd(testModules: readonly RunModule[], unhandledErrors: readonly RunError[]): void;
}
