import "server-only";
import type { GuideTask, RuleTopic } from "@/lib/assistant/tool-schemas";
import type { Guess } from "../classifier/logistic";
import { classify } from "../classifier/model";
import type { IntentLabel } from "../classifier/templates";
import { editDistance } from "../names/fuzzy";
import { screenNamed } from "./screens";
import { VOCABULARY, type Concept } from "./vocabulary";
import { call, connectorKindOf } from "./intent-parts";
import { NAME_ONLY_RULES, ruleAnswer, understand } from "./intents";
import type { Reading, Understanding } from "./reading";

// Intent from the trained classifier (issue 40, scope 2) where the rules of the catalogue find none: the classifier
// names what is asked, the reading gives its objects, and the rule of that intent writes the tool's input. Below the
// confidence threshold the assistant asks which of its two best guesses the user means, rather than listing all it can do.

/** Below this probability the best guess is not taken: the user is asked to choose between the two best. */
export const CONFIDENCE_THRESHOLD = 0.5;

/** Rules that answer from a name alone, not from what is asked of it: a sure guess of the classifier reads better. */
const WEAK_RULES = new Set(["which-path", ...NAME_ONLY_RULES]);
const OVERRIDE_THRESHOLD = 0.9;

/** A label's answer for a reading, or null when the reading lacks what the answer needs (a path for a path's health…). */
function answerOf(label: IntentLabel, r: Reading): Understanding | null {
  if (label.startsWith("howTo:")) {
    const task = label.slice("howTo:".length);
    if (task === "path") return call("guidePathCreation", r.pathCreation);
    if (task === "site") return call("guideSiteCreation", r.siteCreation);
    return call("guideTask", task === "connector" && connectorKindOf(r.folded) ? { task, connectorKind: connectorKindOf(r.folded) } : { task: task as GuideTask });
  }
  if (label.startsWith("rules:")) return call("explainRules", { topic: label.slice("rules:".length) as RuleTopic });
  const site = r.named ?? r.properNames[0] ?? r.focus.siteId ?? null;
  switch (label) {
    case "pathHealth":
      return r.path ? call("explainPathSla", { path: r.path }) : { kind: "ask-path" };
    case "pathStatistics":
      return r.path ? ruleAnswer("path-statistics", r) : { kind: "ask-path" };
    case "unhealthyPaths":
      return call("listPaths", { health: "unhealthy" });
    case "rankPaths":
      // The ranking the question asks for: by its figure, top N ("top 3 pahts by latency").
      return ruleAnswer("rank-paths", r);
    case "allPaths":
      return call("listPaths", { health: "all" });
    case "sites":
      return ruleAnswer("sites", r);
    case "siteDetail":
      return site ? call("siteDetail", { site }) : null;
    case "sitesWithoutPaths":
      return call("listSites", { withoutPaths: true });
    case "siteTraffic":
      return site ? ruleAnswer("site-traffic", { ...r, named: site }) : null;
    case "topTalkers":
      return site ? ruleAnswer("top-talkers", { ...r, named: site }) : null;
    case "connectorUsage":
      return r.named ? ruleAnswer("connector-utilisation", r) : null;
    case "nodeStatus": {
      const node = r.node ?? r.serial ?? r.named;
      return node ? call("nodeStatus", { node }) : null;
    }
    case "pathDetail":
      return r.path ? call("pathDetail", { path: r.path }) : { kind: "ask-path" };
    case "fabricStatus":
      return ruleAnswer("fabric-status", r);
    case "invitations":
      return ruleAnswer("invitations", r);
    case "screen": {
      const screen = screenNamed(r);
      return screen ? call("guideScreen", { screen }) : null;
    }
    case "lifecycle":
      return r.node ?? r.serial ? call("lifecycleOperations", { device: r.node ?? r.serial }) : ruleAnswer("lifecycle-operations", r);
    case "inventory":
      return r.serial ? call("inventory", { serial: r.serial }) : ruleAnswer("inventory", r);
    case "silentDevices":
      return call("inventory", { silent: true });
    case "alarms":
      return ruleAnswer("alarms", r);
    case "changes":
      return ruleAnswer("changes", r);
    case "organizations":
      return call("listOrganizations", {});
    case "permissions":
      return call("guideTask", { task: "roles" });
    case "outOfScope":
      return { kind: "out-of-scope" };
    case "help":
      return { kind: "help" };
  }
  return null;
}

// The words that make a question the console's, typed right or with a slip: the network's concepts and objects. The
// classifier's network labels need one of them — "quel est le sens de la vie ?" shares only a question's
// words with "quel est le seuil de latence ?".
const GENERIC_CONCEPTS: readonly Concept[] = ["define", "howTo", "elsewhere", "why", "create", "remove", "headroom"];
const NETWORK_WORDS = new Set([
  ...Object.entries(VOCABULARY)
    .filter(([concept]) => !GENERIC_CONCEPTS.includes(concept as Concept))
    // A phrase's own words only when long enough to be the network's ("cycle de vie" gives "cycle", not "vie").
    .flatMap(([, words]) => words.split("|").flatMap((phrase) => (phrase.includes(" ") ? phrase.split(" ").filter((word) => word.length >= 5) : [phrase])))
    .filter((word) => word.length >= 3 && !["what", "the", "use", "used", "going", "doing", "running", "runs", "load", "box", "est", "pas", "passe", "right", "where", "there"].includes(word)),
  ..."office offices branch branches agence agences bureau bureaux datacenter datacentre hq location locations region regions cloud aws azure gcp oracle customer customers client clients tenant tenants fabric fabrics node nodes noeud noeuds edge cpe core link links lien liens vlan mtu claim code role roles permission permissions threshold thresholds seuil seuils probe probes sonde sondes mbps gbps layer couche subinterface msp msps user users utilisateur utilisateurs prefix prefixe prefixes bandwidth latency jitter loss uptime cpu memory memoire topology topologie".split(" "),
]);
const NETWORK_LIST = [...NETWORK_WORDS].filter((word) => word.length >= 5);

/**
 * Whether the question says more than names: a word of the network's, typed right or with a slip. A name alone
 * ("Lyon DC", the answer to a question a request asked) is for the rules to read.
 */
function asksTheNetwork(reading: Reading): boolean {
  return reading.folded.split(" ").some(
    (word) => NETWORK_WORDS.has(word) || (word.length >= 5 && NETWORK_LIST.some((known) => editDistance(word, known, word.length >= 7 ? 2 : 1) <= (word.length >= 7 ? 2 : 1))),
  );
}
const SMALL_TALK = new Set<string>(["help", "outOfScope"]);

const offered = (answer: Understanding, available: readonly string[]) => answer.kind !== "tool" || available.includes(answer.toolName);

/**
 * The rules first (they read the exact words); where none applies, the classifier's best guess when it is sure
 * enough and the reading has what it needs, else a question back with its two best guesses.
 */
export function understandQuestion(reading: Reading, available: readonly string[]): Understanding & { intent: string } {
  const ruled = understand(reading, available);
  const weak = WEAK_RULES.has(ruled.intent);
  if (ruled.kind !== "help" && !weak) return ruled;
  // The question as its names read it ("how is zpath doing") and as written: a generic noun linked to a name
  // ("set up a core fabric" → the "Global Core" fabric) is read better as written. The surer reading counts.
  const readings = [classify(reading.shape), classify(reading.text)];
  const network = asksTheNetwork(reading);
  const guesses = readings.reduce((surer, other) => (other[0].probability > surer[0].probability ? other : surer)).filter((guess) => {
    if (!network && !SMALL_TALK.has(guess.label)) return false;
    const answer = answerOf(guess.label as IntentLabel, reading);
    return answer !== null && offered(answer, available);
  });
  const [best] = guesses;
  const chosen = (guess: Guess) => ({ ...answerOf(guess.label as IntentLabel, reading)!, intent: `classified:${guess.label}` });
  // No word of the network: small talk or another subject, whichever the classifier finds likelier.
  if (!network && ruled.kind === "help") return best?.label === "outOfScope" ? chosen(best) : ruled;
  if (!best || best.label === "help") return ruled;
  if (weak) return best.probability >= OVERRIDE_THRESHOLD ? chosen(best) : ruled;
  if (best.probability >= CONFIDENCE_THRESHOLD) return chosen(best);
  // The two best guesses the user may pick between: what the console answers, not small talk.
  const [first, next] = guesses.filter((guess) => !SMALL_TALK.has(guess.label));
  return first === best && next ? { kind: "clarify", guesses: [first.label, next.label], intent: "clarify" } : ruled;
}
