// The development set's questions beyond scripts/assistant-eval/cases.ts: phrased as people type, to tune the
// assistant's understanding on (npm run eval:assistant prints every failure). Never copy a held-out question here.
import type { EvalCase } from "../../../scripts/assistant-eval/harness";

export function devCases(): EvalCase[] {
  return [];
}
