// Checks the held-out set without asking the assistant: on the evaluation's network (with the changes made before the
// questions), every question, history turn and page is computed and well-formed, and every fact computes without an
// error and is well-formed. Prints the questions per category and language, never an answer.
//   npx tsx --import ./scripts/server-only-off.mjs tests/assistant/held-out/check.ts
// EVAL_CACHE=<file> and EVAL_BACKFILL=off as for npm run eval:assistant; EVAL_CHECK_VERBOSE=1 prints each question with
// its facts (to review the facts, never the assistant's answers).
import { foldText } from "@/lib/locations/text";
import { CATEGORIES, type EvalWorld, type Fact, type Question } from "../../../scripts/assistant-eval/harness";
import { prepareWorld } from "../../../scripts/assistant-eval/cases";
import { startEvalNetwork } from "../../../scripts/assistant-eval/network";
import { createWorld } from "../../../scripts/assistant-eval/world";
import { heldOutCases } from "./cases";
import { questionLanguage, SLOPPY } from "./facts";

const verbose = process.env.EVAL_CHECK_VERBOSE === "1";
const backfill = !["off", "0", "false"].includes((process.env.EVAL_BACKFILL ?? "").toLowerCase());
const MESSAGE_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9-]+){2,}$/;
const LEFTOVER = /undefined|null|NaN|\[object/;

function factProblems(fact: Fact): string[] {
  switch (fact.kind) {
    case "text":
      if (fact.any.length === 0) return [`text fact "${fact.why}" accepts nothing`];
      return fact.any.flatMap((option) => [
        ...(foldText(option) === "" ? [`text fact "${fact.why}" has an empty option`] : []),
        ...(MESSAGE_KEY.test(option) ? [`text fact "${fact.why}" is an untranslated key ${option}`] : []),
      ]);
    case "absent":
      return foldText(fact.text) === "" ? [`absent fact "${fact.why}" is empty (it would match every answer)`] : [];
    case "number":
      return Number.isFinite(fact.value) && Number.isFinite(fact.tolerance) && fact.tolerance >= 0 ? [] : [`number fact "${fact.why}" is ${fact.value} ± ${fact.tolerance}`];
    case "link":
      return fact.path && !fact.path.startsWith("/") && !LEFTOVER.test(fact.path) ? [] : [`link fact "${fact.why}" has the path ${fact.path}`];
    case "approval":
      return typeof fact.expected === "boolean" ? [] : [`approval fact "${fact.why}" expects ${String(fact.expected)}`];
  }
}

const describe = (fact: Fact) =>
  fact.kind === "text" ? `text ${fact.why}: ${fact.any.join(" | ")}` : fact.kind === "absent" ? `absent ${fact.why}: ${fact.text}` : fact.kind === "number" ? `number ${fact.why}: ${fact.value} ± ${fact.tolerance}` : fact.kind === "link" ? `link ${fact.path}` : `approval ${fact.expected}`;

async function questionText(question: Question, world: EvalWorld): Promise<string> {
  const value = typeof question === "string" ? question : await question(world);
  if (!value.trim() || value.length > 400 || LEFTOVER.test(value)) throw new Error(`question not well-formed: ${JSON.stringify(value)}`);
  return value;
}

const network = await startEvalNetwork((line) => (line.startsWith("[simulator]") ? undefined : console.log(line)), { backfill, cache: process.env.EVAL_CACHE?.trim() || undefined });
try {
  const world = createWorld();
  await prepareWorld(world);
  const cases = heldOutCases();
  const problems: string[] = [];
  const ids = new Set<string>();
  const table = new Map<string, { en: number; fr: number }>(CATEGORIES.map((category) => [category, { en: 0, fr: 0 }]));
  let facts = 0;
  for (const item of cases) {
    const where = item.id;
    if (!item.id.startsWith("ho-")) problems.push(`${where}: the id must start with ho-`);
    if (ids.has(item.id)) problems.push(`${where}: the id is used twice`);
    ids.add(item.id);
    if (!CATEGORIES.includes(item.category)) problems.push(`${where}: unknown category ${item.category}`);
    try {
      await world.organization(item.organization);
      await world.session(item.user);
      const turns: string[] = [];
      for (const turn of [...(item.history ?? []), item.question]) turns.push(await questionText(turn, world));
      if (item.page) {
        const page = await item.page(world);
        if (page.startsWith("/") || LEFTOVER.test(page)) problems.push(`${where}: page ${page}`);
      }
      world.now = Date.now();
      const computed = await item.facts(world);
      if (computed.length === 0) problems.push(`${where}: no fact`);
      facts += computed.length;
      if (verbose) console.log(`${item.id} [${item.locale}] "${turns.join('" → "')}"\n  ${computed.map(describe).join("\n  ")}`);
      problems.push(...computed.flatMap(factProblems).map((problem) => `${where}: ${problem}`));
    } catch (error) {
      problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    table.get(item.category)![questionLanguage(item.id.slice(3))] += 1;
  }

  const total = { en: 0, fr: 0 };
  console.log(`\nThe held-out set: ${cases.length} questions, ${facts} facts computed`);
  console.log(`${"category".padEnd(16)}${"en".padStart(6)}${"fr".padStart(6)}${"total".padStart(8)}`);
  for (const [category, count] of table) {
    if (count.en + count.fr === 0) continue;
    total.en += count.en;
    total.fr += count.fr;
    console.log(`${category.padEnd(16)}${String(count.en).padStart(6)}${String(count.fr).padStart(6)}${String(count.en + count.fr).padStart(8)}`);
  }
  console.log(`${"all".padEnd(16)}${String(total.en).padStart(6)}${String(total.fr).padStart(6)}${String(cases.length).padStart(8)}`);
  const sloppy = cases.filter((item) => SLOPPY.has(item.id)).length;
  console.log(`French ${((100 * total.fr) / cases.length).toFixed(0)} %, typed with typos or abbreviations ${sloppy} (${((100 * sloppy) / cases.length).toFixed(0)} %)`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} problems:\n${problems.join("\n")}`);
    process.exitCode = 1;
  } else console.log("Every question is well-formed and every fact computed.");
} finally {
  await network.close();
}
