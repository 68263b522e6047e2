import "server-only";
import type { IntentRule, Reading, Understanding } from "./reading";
import { ACTION_RULES } from "./rules-actions";
import { GUIDE_RULES } from "./rules-guides";
import { LIVE_RULES } from "./rules-live";
import { PATH_RULES } from "./rules-paths";
import { PLAN_RULES } from "./rules-plans";
import { RANKING_RULES } from "./rules-rankings";

// The understanding layer's intent catalogue (issue 16, scope 1): what users ask a network console, each intent a
// rule over the concepts a question mentions (vocabulary.ts) and the objects it names, in the order they are tried —
// the most specific first. Each intent names the tool that answers it and reads that tool's input from the question.
// Objects are named here as the user wrote them; the tools resolve them among what the caller sees.

export const INTENT_CATALOGUE: readonly IntentRule[] = [
  ...PLAN_RULES,
  ...ACTION_RULES,
  ...GUIDE_RULES,
  ...LIVE_RULES,
  ...RANKING_RULES,
  ...PATH_RULES,
];

/** A rule's own answer to a reading, whether or not the rule applies: the classifier's labels answer through them. */
export function ruleAnswer(name: string, reading: Reading): Understanding {
  const found = INTENT_CATALOGUE.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no intent rule ${name}`);
  return found.answer(reading);
}

/** The rules that read a name alone, not what is asked of it ("Lyon DC", "Contoso"). */
export const NAME_ONLY_RULES: ReadonlySet<string> = new Set(["organization-named", "named-path", "named-site", "named-node", "named-connector"]);

/** The intent of a reading among the tools on offer: the first rule that applies whose tool is offered. */
export function understand(reading: Reading, available: readonly string[]): Understanding & { intent: string } {
  for (const candidate of INTENT_CATALOGUE) {
    if (!candidate.when(reading)) continue;
    const answer = candidate.answer(reading);
    if (answer.kind === "tool" && !available.includes(answer.toolName)) continue;
    return { ...answer, intent: candidate.name };
  }
  return { kind: "help", intent: "help" };
}
