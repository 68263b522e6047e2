// Typos, abbreviations and the words network engineers use for paths and connectors (link, circuit, tunnel, box,
// busy, flapping, in the red).
import { number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, NORTHWIND_ADMIN, orgPaths, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  CONTOSO,
  connectorHealthOf,
  FABRIKAM,
  heldOut,
  INACTIVE,
  INITECH,
  INITECH_ADMIN,
  type Lang,
  NO_DATA,
  NONE,
  NORTHWIND,
  rankFacts,
  say,
  siteCalled,
  siteHealthOf,
  sitesOf,
  stateFacts,
  reachabilityFacts,
  metricNow,
} from "./facts";

/** A connector's load now: its name and the busier direction against its bandwidth. */
async function connectorLoadFacts(world: EvalWorld, email: string, organization: string, name: string, lang: Lang): Promise<Fact[]> {
  const connector = (await connectorHealthOf(world, email, organization)).find((candidate) => candidate.name === name);
  if (!connector) throw new Error(`no connector ${name}`);
  if (connector.utilizationPercent === null) return [text("the connector", connector.name), say("that it reports nothing", NO_DATA, lang)];
  return [text("the connector", connector.name), number("its utilization in %", connector.utilizationPercent, Math.max(3, connector.utilizationPercent * 0.15))];
}

export function typoCases(): EvalCase[] {
  return [
    heldOut({
      id: "typo-latncy-rn-en",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "whats the latncy on paris to frankfurt rn",
      facts: async (world, lang) => metricNow(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt", "latencyMs", lang),
    }),
    heldOut({
      id: "typo-busy-crossconnect-en",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "how busy is the frankfrt cross-conect?",
      facts: async (world, lang) => connectorLoadFacts(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect", lang),
    }),
    heldOut({
      id: "syn-circuit-flapping-en",
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "is the azure circuit flapping?",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure"), lang),
    }),
    heldOut({
      id: "syn-tunnels-down-en",
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "any of our tunnels down?",
      facts: async (world) => (await connectorHealthOf(world, CONTOSO_ADMIN, CONTOSO)).filter((connector) => connector.kind === "ipsec").map((connector) => text(`the tunnel ${connector.name}`, connector.name)),
    }),
    heldOut({
      id: "typo-jiter-teh-en",
      sloppy: true,
      category: "typos-synonyms",
      user: INITECH_ADMIN,
      question: "whats teh jiter on madrid milan",
      facts: async (world, lang) => metricNow(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan", "jitterMs", lang),
    }),
    heldOut({
      id: "typo-latance-azur-fr",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "quelle est la latance du chemin paris azur ?",
      facts: async (world, lang) => metricNow(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure", "latencyMs", lang),
    }),
    heldOut({
      id: "syn-circuit-degrade-fr",
      category: "typos-synonyms",
      user: INITECH_ADMIN,
      question: "le circuit Madrid-Oracle est-il dégradé ?",
      facts: async (world, lang) => stateFacts(world, INITECH_ADMIN, await pathNamed(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle"), lang),
    }),
    heldOut({
      id: "typo-sites-inactfs-fr",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "sites inactfs ?",
      facts: async (world) => (await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => !site.active).map((site) => text(`the inactive site ${site.name}`, site.name)),
    }),
    heldOut({
      id: "typo-whcih-warning-en",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "whcih paths r in warning",
      facts: async (world, lang) => {
        const warning = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => path.slaHealth === "warning");
        if (warning.length === 0) return [say("that none is", { en: [...NONE.en, "no path"], fr: NONE.fr }, lang)];
        return warning.map((path) => text(`the path in warning ${path.name}`, path.name));
      },
    }),
    heldOut({
      id: "typo-alrams-node-en",
      sloppy: true,
      category: "typos-synonyms",
      user: NORTHWIND_ADMIN,
      question: "alrams on nw-edge-par-01?",
      facts: async (world, lang) => {
        const open = (await alarmsOf(world, NORTHWIND_ADMIN)).filter((alarm) => alarm.source === "nw-edge-par-01");
        if (open.length === 0) return [text("the node", "nw-edge-par-01"), say("that it has none open", NONE, lang)];
        return [text("the node", "nw-edge-par-01"), number("how many are open", open.length, 0)];
      },
    }),
    heldOut({
      id: "syn-box-reachable-en",
      category: "typos-synonyms",
      user: NORTHWIND_ADMIN,
      question: "is the seattle edge box reachable?",
      facts: async (world, lang) => reachabilityFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-sea-01", lang),
    }),
    heldOut({
      id: "typo-trafic-recieving-en",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "how much trafic is paris hq recieving rn?",
      facts: async (world) => {
        const site = (await siteHealthOf(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Paris HQ");
        if (!site || site.rxBps === null) throw new Error("Paris HQ reports no traffic");
        const mbps = site.rxBps / 1e6;
        // Traffic moves every ten seconds: a fifth either way.
        return [text("the site", site.name), number("what it receives now, in Mbps", mbps, Math.max(1, mbps * 0.2)), text("the unit", "Mbps", "Mbit/s")];
      },
    }),
    heldOut({
      id: "typo-critiqes-fr",
      sloppy: true,
      category: "typos-synonyms",
      user: NORTHWIND_ADMIN,
      question: "y a-t-il des alarmes critiqes ouvertes ?",
      facts: async (world, lang) => {
        const critical = (await alarmsOf(world, NORTHWIND_ADMIN)).filter((alarm) => alarm.severity === "critical");
        if (critical.length === 0) return [say("that there is none", NONE, lang)];
        return critical.map((alarm) => text(`the critical alarm on ${alarm.source}`, alarm.source));
      },
    }),
    heldOut({
      id: "typo-whos-top-talker-en",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "whos the top talker at frankfurt dc",
      facts: async (world) => {
        const site = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt DC");
        const talkers = await (await world.session(CONTOSO_ADMIN)).get<{ sources: { name: string; bytes: number }[] }>(`/telemetry/site/${site.id}/top-talkers?limit=5`);
        if (talkers.sources.length === 0) throw new Error("Frankfurt DC has no talkers");
        return rankFacts(talkers.sources.map((source) => ({ name: source.name, value: source.bytes })), 1, "the top source");
      },
    }),
    heldOut({
      id: "syn-in-the-red-en",
      category: "typos-synonyms",
      user: NORTHWIND_ADMIN,
      question: "any customer circuits in the red?",
      facts: async (world, lang) => {
        const paths = [...(await orgPaths(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM))];
        const bad = paths.filter((path) => path.slaHealth === "bad");
        if (bad.length === 0) return [say("that none is", { en: [...NONE.en, "no path", "no circuit", "all paths", "every path"], fr: NONE.fr }, lang)];
        return bad.map((path) => text(`the bad path ${path.name}`, path.name));
      },
    }),
    heldOut({
      id: "syn-tunnel-up-fr",
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "le tunnel IPsec de Lyon, il est up ?",
      facts: async (world, lang) => {
        const tunnel = (await connectorHealthOf(world, CONTOSO_ADMIN, CONTOSO)).find((connector) => connector.name === "Lyon IPsec");
        if (!tunnel) throw new Error("no connector Lyon IPsec");
        const state =
          tunnel.status === null
            ? { en: [...NO_DATA.en, ...INACTIVE.en], fr: [...NO_DATA.fr, ...INACTIVE.fr, "jamais"] }
            : tunnel.status === "up"
              ? { en: ["is up", "status up", "state up", "it s up", "up since"], fr: ["est up", "actif", "en service", "fonctionne"] }
              : { en: ["down"], fr: ["down", "en panne", "hors service", "coupé"] };
        return [text("the tunnel", tunnel.name), say(`its state (${tunnel.status ?? "never reported"})`, state, lang)];
      },
    }),
    heldOut({
      id: "typo-utilisation-francfort-fr",
      sloppy: true,
      category: "typos-synonyms",
      user: CONTOSO_ADMIN,
      question: "utilisation du conecteur francfort cross connect ?",
      facts: async (world, lang) => connectorLoadFacts(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect", lang),
    }),
  ];
}
