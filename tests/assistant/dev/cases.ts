// The development set's questions beyond scripts/assistant-eval/cases.ts: phrased as people type, to tune the
// assistant's understanding on (npm run eval:assistant prints every failure). Never copy a held-out question here.
import type { EvalCase } from "../../../scripts/assistant-eval/harness";
import { actionCases } from "./actions";
import { aggregateCases } from "./aggregates";
import { automationCases } from "./automation";
import { conversationCases } from "./conversation";
import { coverageCases } from "./coverage";
import { freshCases } from "./fresh";
import { fresh2Cases } from "./fresh2";
import { fresh3Cases } from "./fresh3";
import { fresh4Cases } from "./fresh4";
import { languageCases } from "./language";
import { nameCases } from "./names";
import { planCases } from "./plans";
import { timeCases } from "./time";

export function devCases(): EvalCase[] {
  return [...nameCases(), ...conversationCases(), ...planCases(), ...coverageCases(), ...actionCases(), ...languageCases(), ...timeCases(), ...freshCases(), ...fresh2Cases(), ...fresh3Cases(), ...fresh4Cases(), ...aggregateCases(), ...automationCases()];
}
