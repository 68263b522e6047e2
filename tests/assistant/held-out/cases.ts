// The held-out set: questions written before the assistant's understanding was changed, never tuned on
// (npm run eval:assistant prints its scores only). Never copy a development question here.
import type { EvalCase } from "../../../scripts/assistant-eval/harness";

export function heldOutCases(): EvalCase[] {
  return [];
}
