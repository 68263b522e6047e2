// npm run eval:assistant — the assistant's evaluation on a fresh demo network with the simulator's faults under way:
// each question asked through the chat API as its user (a follow-up in the same chat after its earlier turns), its
// answer checked against the facts computed from the API at that moment. Two sets, reported apart:
// - development (scripts/assistant-eval/cases.ts and tests/assistant/dev/): the questions the understanding is tuned
//   on; every failure is printed with the facts missed;
// - held-out (tests/assistant/held-out/): questions written before the understanding was changed and never tuned on;
//   only its scores are printed — EVAL_SHOW_HELD_OUT=1 prints its failures too, for a report, not for writing rules.
// EVAL_SET=dev|held-out|all (all); EVAL_ONLY=<text> runs the questions whose id contains it; EVAL_VERBOSE=1 prints
// every development answer; EVAL_BACKFILL=off skips the month of history (faster; the questions about past weeks then
// fail); EVAL_CACHE=<file> keeps the seeded database with its history there for the next runs (delete it when the
// seed or migrations change). EVAL_ASK=<file> asks the file's questions instead and prints their answers, one per line
// as `email | organization name | locale | turn >> turn >> …` — to try a phrasing.
import { readFile } from "node:fs/promises";
import { heldOutCases } from "../tests/assistant/held-out/cases";
import { devCases } from "../tests/assistant/dev/cases";
import { CATEGORIES, converse, missedFacts, type Category, type EvalCase, type EvalWorld, type Fact, type Question } from "./assistant-eval/harness";
import { evalCases, prepareWorld } from "./assistant-eval/cases";
import { startEvalNetwork } from "./assistant-eval/network";
import { createWorld } from "./assistant-eval/world";

delete process.env.ASSISTANT_BASE_URL;
const only = process.env.EVAL_ONLY?.trim();
const verbose = process.env.EVAL_VERBOSE === "1";
const showHeldOut = process.env.EVAL_SHOW_HELD_OUT === "1";
const backfill = !["off", "0", "false"].includes((process.env.EVAL_BACKFILL ?? "").toLowerCase());
const wanted = (process.env.EVAL_SET ?? "all").trim().toLowerCase();
if (!["dev", "held-out", "all"].includes(wanted)) {
  console.error(`EVAL_SET must be dev, held-out or all, got ${JSON.stringify(process.env.EVAL_SET)}`);
  process.exit(2);
}

interface EvalSet {
  name: "development" | "held-out";
  cases: EvalCase[];
  showFailures: boolean;
}
const sets: EvalSet[] = [
  ...(wanted === "held-out" ? [] : [{ name: "development" as const, cases: [...evalCases(), ...devCases()], showFailures: true }]),
  ...(wanted === "dev" ? [] : [{ name: "held-out" as const, cases: heldOutCases(), showFailures: showHeldOut }]),
];
for (const set of sets) {
  const ids = new Set<string>();
  for (const item of set.cases) {
    if (ids.has(item.id)) throw new Error(`${set.name}: two questions have the id ${item.id}`);
    ids.add(item.id);
  }
}

const log = (line: string) => {
  if (verbose || !line.startsWith("[simulator]")) console.log(line);
};
const network = await startEvalNetwork(log, { backfill, cache: process.env.EVAL_CACHE?.trim() || undefined });
const describeFact = (fact: Fact) =>
  fact.kind === "number" ? `${fact.why} (${fact.value} ± ${Number(fact.tolerance.toFixed(2))})` : fact.kind === "text" ? `${fact.why} ("${fact.any.join('" | "')}")` : fact.kind === "absent" ? `${fact.why} must not appear` : fact.why;
const questionOf = (question: Question, world: EvalWorld) => (typeof question === "string" ? question : question(world));

interface SetResult {
  score: Map<Category, { passed: number; total: number }>;
  passed: number;
  total: number;
  times: number[];
}

async function runSet(world: EvalWorld, set: EvalSet): Promise<SetResult> {
  const all = set.cases.filter((item) => !only || item.id.includes(only));
  const score = new Map<Category, { passed: number; total: number }>(CATEGORIES.map((category) => [category, { passed: 0, total: 0 }]));
  const failures: string[] = [];
  const times: number[] = [];
  let passed = 0;
  for (const item of all) {
    const session = await world.session(item.user);
    const organizationId = await world.organization(item.organization);
    const turns = [...(await Promise.all((item.history ?? []).map((turn) => questionOf(turn, world)))), await questionOf(item.question, world)];
    const page = item.page ? await item.page(world) : undefined;
    // The facts are read before and after the answer: the network moves on while it is written (a path's SLA window
    // slides across a threshold), and an answer true of the network at either end is right.
    const readFacts = async (): Promise<Fact[]> => {
      world.now = Date.now();
      try {
        return await item.facts(world);
      } catch (error) {
        return [{ kind: "text", any: ["\u0000"], why: `facts could not be computed: ${error instanceof Error ? error.message : String(error)}` }];
      }
    };
    const before = await readFacts();
    const started = performance.now();
    const answer = await converse(session, organizationId, turns, item.locale, page);
    // The last turn's time, as the user waits for it (earlier turns are timed as their own questions elsewhere).
    times.push((performance.now() - started) / turns.length);
    const after = await readFacts();
    const missedOf = (facts: Fact[]) => missedFacts(answer, facts, item.locale);
    const closest = [missedOf(after), missedOf(before)].sort((a, b) => a.length - b.length)[0];
    const missed = answer.error ? [{ kind: "text", any: [], why: `the answer failed: ${answer.error}` } as Fact, ...closest] : closest;
    const tally = score.get(item.category)!;
    tally.total += 1;
    if (missed.length === 0) {
      tally.passed += 1;
      passed += 1;
    } else if (set.showFailures) {
      failures.push(`✗ ${item.id} (${item.user}) "${turns.join('" → "')}"\n    missed: ${missed.map(describeFact).join("; ")}\n    answer: ${answer.text.replace(/\n/g, "\n            ").slice(0, 900)}`);
    }
    if (verbose && set.showFailures) console.log(`\n${missed.length === 0 ? "✓" : "✗"} ${item.id} "${turns.join('" → "')}" [${answer.tools.join(", ")}]\n${answer.text}`);
  }
  if (failures.length > 0) console.log(`\nFailed questions (${set.name}):\n${failures.join("\n")}`);
  return { score, passed, total: all.length, times };
}

function report(set: EvalSet, result: SetResult) {
  console.log(`\nThe assistant's evaluation, ${set.name} set: ${result.total} questions (embedded model, demo network with faults)`);
  console.log(`${"category".padEnd(16)}${"passed".padStart(8)}${"total".padStart(8)}${"score".padStart(9)}`);
  const percent = (passed: number, total: number) => `${((100 * passed) / Math.max(1, total)).toFixed(1)} %`;
  for (const [category, tally] of result.score) {
    if (tally.total === 0) continue;
    console.log(`${category.padEnd(16)}${String(tally.passed).padStart(8)}${String(tally.total).padStart(8)}${percent(tally.passed, tally.total).padStart(9)}`);
  }
  const sorted = [...result.times].sort((a, b) => a - b);
  console.log(`${"all".padEnd(16)}${String(result.passed).padStart(8)}${String(result.total).padStart(8)}${percent(result.passed, result.total).padStart(9)}`);
  console.log(`answer time: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms`);
}

/** EVAL_ASK: each line's conversation asked and its last answer printed, nothing checked. */
async function askFile(world: EvalWorld, file: string) {
  const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
  for (const line of lines) {
    const [user, organization, locale, conversation] = line.split("|").map((part) => part.trim());
    const session = await world.session(user);
    const organizationId = await world.organization(organization);
    const turns = conversation.split(">>").map((turn) => turn.trim());
    const answer = await converse(session, organizationId, turns, locale === "fr" ? "fr" : "en");
    console.log(`\n? ${turns.join(" >> ")}  [${answer.tools.join(", ")}]\n${answer.error ? `error: ${answer.error}` : answer.text}`);
  }
}

try {
  const world = createWorld();
  await prepareWorld(world);
  if (process.env.EVAL_ASK) {
    await askFile(world, process.env.EVAL_ASK);
    process.exit(0);
  }
  const results: [EvalSet, SetResult][] = [];
  for (const set of sets) results.push([set, await runSet(world, set)]);
  for (const [set, result] of results) report(set, result);
  process.exitCode = results.every(([, result]) => result.passed === result.total) ? 0 : 1;
} finally {
  await network.close();
}
