// npm run eval:assistant — the assistant's evaluation set (scripts/assistant-eval/cases.ts) on a fresh demo network with
// the simulator's faults under way: each question asked through the chat API as its user, its answer checked against
// the facts computed from the API at that moment. Prints the score per category and every question it fails, with
// the facts missed. EVAL_ONLY=<text> runs the questions whose id contains it; EVAL_VERBOSE=1 prints every answer;
// EVAL_BACKFILL=off skips the month of history (faster; the questions about past weeks then fail); EVAL_CACHE=<file>
// keeps the seeded database with its history there for the next runs (delete it when the seed or migrations change).
import { CATEGORIES, ask, missedFacts, type Category, type Fact } from "./assistant-eval/harness";
import { evalCases, prepareWorld } from "./assistant-eval/cases";
import { startEvalNetwork } from "./assistant-eval/network";
import { createWorld } from "./assistant-eval/world";

delete process.env.ASSISTANT_BASE_URL;
const only = process.env.EVAL_ONLY?.trim();
const verbose = process.env.EVAL_VERBOSE === "1";
const backfill = !["off", "0", "false"].includes((process.env.EVAL_BACKFILL ?? "").toLowerCase());

const log = (line: string) => {
  if (verbose || !line.startsWith("[simulator]")) console.log(line);
};
const network = await startEvalNetwork(log, { backfill, cache: process.env.EVAL_CACHE?.trim() || undefined });
const describeFact = (fact: Fact) =>
  fact.kind === "number" ? `${fact.why} (${fact.value} ± ${Number(fact.tolerance.toFixed(2))})` : fact.kind === "text" ? `${fact.why} ("${fact.any.join('" | "')}")` : fact.kind === "absent" ? `${fact.why} must not appear` : fact.why;

try {
  const world = createWorld();
  await prepareWorld(world);
  const all = evalCases().filter((item) => !only || item.id.includes(only));
  const score = new Map<Category, { passed: number; total: number }>(CATEGORIES.map((category) => [category, { passed: 0, total: 0 }]));
  const failures: string[] = [];
  const times: number[] = [];
  for (const item of all) {
    const session = await world.session(item.user);
    const organizationId = await world.organization(item.organization);
    const question = typeof item.question === "string" ? item.question : await item.question(world);
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
    const answer = await ask(session, organizationId, question, item.locale, page);
    times.push(performance.now() - started);
    const after = await readFacts();
    const missedOf = (facts: Fact[]) => missedFacts(answer, facts, item.locale);
    const closest = [missedOf(after), missedOf(before)].sort((a, b) => a.length - b.length)[0];
    const missed = answer.error ? [{ kind: "text", any: [], why: `the answer failed: ${answer.error}` } as Fact, ...closest] : closest;
    const tally = score.get(item.category)!;
    tally.total += 1;
    if (missed.length === 0) tally.passed += 1;
    else failures.push(`✗ ${item.id} (${item.user}) "${question}"\n    missed: ${missed.map(describeFact).join("; ")}\n    answer: ${answer.text.replace(/\n/g, "\n            ").slice(0, 900)}`);
    if (verbose) console.log(`\n${missed.length === 0 ? "✓" : "✗"} ${item.id} "${question}" [${answer.tools.join(", ")}]\n${answer.text}`);
  }

  if (failures.length > 0) console.log(`\nFailed questions:\n${failures.join("\n")}`);
  console.log(`\nThe assistant's evaluation: ${all.length} questions (embedded model, demo network with faults)`);
  console.log(`${"category".padEnd(16)}${"passed".padStart(8)}${"total".padStart(8)}${"score".padStart(9)}`);
  let passed = 0;
  for (const [category, tally] of score) {
    if (tally.total === 0) continue;
    passed += tally.passed;
    console.log(`${category.padEnd(16)}${String(tally.passed).padStart(8)}${String(tally.total).padStart(8)}${`${((100 * tally.passed) / tally.total).toFixed(1)} %`.padStart(9)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${"all".padEnd(16)}${String(passed).padStart(8)}${String(all.length).padStart(8)}${`${((100 * passed) / Math.max(1, all.length)).toFixed(1)} %`.padStart(9)}`);
  console.log(`answer time: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms`);
  process.exitCode = passed === all.length ? 0 : 1;
} finally {
  await network.close();
}
