// The held-out set: questions written before the assistant's understanding was changed, never tuned on
// (npm run eval:assistant prints its scores only). Never copy a development question here.
// Phrased as people type them into the console's chat, in English and French, with typos and abbreviations; each
// question's facts are read from the API when it is asked (facts.ts). The id ends with the question's language.
// Check that every fact computes, without asking the assistant:
//   npx tsx --import ./scripts/server-only-off.mjs tests/assistant/held-out/check.ts
import type { EvalCase } from "../../../scripts/assistant-eval/harness";
import { actionCases } from "./actions";
import { conversationCases } from "./conversation";
import { coverageCases } from "./coverage";
import { diagnosisCases } from "./diagnosis";
import { languageCases } from "./language";
import { nameCases } from "./names";
import { planCases } from "./plans";
import { timeCases } from "./time";
import { typoCases } from "./typos";

export function heldOutCases(): EvalCase[] {
  return [...nameCases(), ...typoCases(), ...conversationCases(), ...planCases(), ...timeCases(), ...coverageCases(), ...actionCases(), ...diagnosisCases(), ...languageCases()];
}
