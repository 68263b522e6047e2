// Plans: counting, ranking, comparing two objects, two-part questions and statistics over a range.
import { number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, devices, NORTHWIND_ADMIN, orgPaths, percentile, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  CONTOSO,
  connectorHealthOf,
  currentOf,
  eventsBetween,
  FABRIKAM,
  heldOut,
  INITECH,
  INITECH_ADMIN,
  type Lang,
  measured,
  mean,
  type Metric,
  metricWords,
  mspNodes,
  NO_DATA,
  NONE,
  NORTHWIND,
  operationsOf,
  performanceOf,
  rankFacts,
  say,
  siteCalled,
  siteHealthOf,
  sitesOf,
  NO_PORT_DOWN,
  averageFacts,
  frontPanel,
  lastHours,
} from "./facts";

/** Two paths' metric now, side by side. */
async function compareNow(world: EvalWorld, email: string, organization: string, names: [string, string], metric: Metric, lang: Lang): Promise<Fact[]> {
  const facts: Fact[] = [metricWords(metric, lang)];
  for (const name of names) {
    const path = await pathNamed(world, email, organization, name);
    const value = (await currentOf(world, email, path.id))[metric];
    facts.push(text(`the path ${name}`, path.name), value === null ? say(`that ${name} has no figure`, NO_DATA, lang) : measured(`${name}'s ${metric}`, value, 0.3));
  }
  return facts;
}

const HOUR = 3600_000;

export function planCases(): EvalCase[] {
  return [
    heldOut({
      id: "plan-site-le-plus-charge-fr",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "c'est quoi notre site le plus chargé en ce moment ?",
      facts: async (world) => {
        const sites = (await siteHealthOf(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => site.rxBps !== null);
        return rankFacts(sites.map((site) => ({ name: site.name, value: (site.rxBps ?? 0) + (site.txBps ?? 0) })), 1, "the busiest site", 0.15);
      },
    }),
    heldOut({
      id: "plan-top3-latency-en",
      sloppy: true,
      category: "plans",
      user: NORTHWIND_ADMIN,
      question: "top 3 customer paths by latency rn",
      facts: async (world) => {
        const paths = [...(await orgPaths(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM))];
        const ranked = [];
        for (const path of paths) {
          const latency = (await currentOf(world, NORTHWIND_ADMIN, path.id)).latencyMs;
          if (latency !== null) ranked.push({ name: path.name, value: latency });
        }
        const top = [...ranked].sort((a, b) => b.value - a.value)[0];
        return [...rankFacts(ranked, 3, "the path with the highest latency"), measured("the highest latency", top.value, 0.3)];
      },
    }),
    heldOut({
      id: "plan-bad-and-warning-counts-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "how many paths are bad and how many are in warning?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const bad = paths.filter((path) => path.slaHealth === "bad");
        const warning = paths.filter((path) => path.slaHealth === "warning");
        return [
          number("how many are bad", bad.length, 0),
          number("how many are in warning", warning.length, 0),
          ...[...bad, ...warning].map((path) => text(`the path ${path.name}`, path.name)),
        ];
      },
    }),
    heldOut({
      id: "plan-compare-latency-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "compare latency: paris ⇄ azure vs frankfurt ⇄ aws",
      facts: async (world, lang) => compareNow(world, CONTOSO_ADMIN, CONTOSO, ["Paris ⇄ Azure", "Frankfurt ⇄ AWS"], "latencyMs", lang),
    }),
    heldOut({
      id: "plan-compare-gigue-fr",
      category: "plans",
      user: INITECH_ADMIN,
      question: "compare la gigue de Madrid ⇄ Milan et de Madrid ⇄ Oracle",
      facts: async (world, lang) => compareNow(world, INITECH_ADMIN, INITECH, ["Madrid ⇄ Milan", "Madrid ⇄ Oracle"], "jitterMs", lang),
    }),
    heldOut({
      id: "plan-alarms-and-changes-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "open alarms and latest changes for Lyon Branch?",
      facts: async (world, lang) => {
        const lyon = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Lyon Branch");
        const paths = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => path.sourceSiteId === lyon.id || path.destinationSiteId === lyon.id);
        const names = new Set([lyon.name, ...paths.map((path) => path.name)]);
        const alarms = (await alarmsOf(world, CONTOSO_ADMIN)).filter((alarm) => names.has(alarm.source));
        const changes = (await eventsBetween(world, CONTOSO_ADMIN, world.now - 7 * 24 * HOUR, world.now)).filter((event) => event.entityId === lyon.id);
        return [
          ...(alarms.length > 0 ? alarms.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source)) : [say("that none is open", NONE, lang)]),
          ...(changes.length > 0 ? [text("the change to its description", "description")] : []),
        ];
      },
    }),
    heldOut({
      id: "plan-path-most-traffic-at-site-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "which path carries the most traffic at paris hq?",
      facts: async (world) => {
        const site = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Paris HQ");
        const breakdown = await (await world.session(CONTOSO_ADMIN)).get<{ items: { name: string; rxBps: number | null; txBps: number | null }[] }>(`/telemetry/site/${site.id}/breakdown?by=path`);
        const reporting = breakdown.items.filter((item) => item.rxBps !== null);
        if (reporting.length === 0) throw new Error("no path of Paris HQ reports traffic");
        return rankFacts(reporting.map((item) => ({ name: item.name, value: (item.rxBps ?? 0) + (item.txBps ?? 0) })), 1, "the busiest path", 0.15);
      },
    }),
    heldOut({
      id: "plan-stock-vs-affectes-fr",
      category: "plans",
      user: NORTHWIND_ADMIN,
      question: "combien d'équipements en stock vs affectés ?",
      facts: async (world) => {
        const all = await devices(world, NORTHWIND_ADMIN);
        return [number("the spare devices", all.filter((device) => device.status === "unassigned").length, 0), number("the assigned devices", all.filter((device) => device.status === "assigned").length, 0)];
      },
    }),
    heldOut({
      id: "plan-edge-cpe-count-fr",
      category: "plans",
      user: NORTHWIND_ADMIN,
      question: "combien de nœuds edge et de nœuds CPE avons-nous ?",
      facts: async (world) => {
        const nodes = await mspNodes(world, NORTHWIND_ADMIN, NORTHWIND);
        return [number("the edge nodes", nodes.filter((node) => node.kind === "edge").length, 0), number("the CPE nodes", nodes.filter((node) => node.kind === "cpe").length, 0)];
      },
    }),
    heldOut({
      id: "plan-avg-latency-jitter-6h-en",
      sloppy: true,
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "avg latency and avg jitter on paris ⇄ azure over the last 6 hours",
      facts: async (world, lang) => [
        ...(await averageFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure", "latencyMs", lastHours(world, 6), lang)),
        ...(await averageFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure", "jitterMs", lastHours(world, 6), lang, 0.2)),
      ],
    }),
    heldOut({
      id: "plan-most-utilised-connector-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "which connector is the most utilised?",
      facts: async (world) => {
        const connectors = (await connectorHealthOf(world, CONTOSO_ADMIN, CONTOSO)).filter((connector) => connector.utilizationPercent !== null);
        return rankFacts(connectors.map((connector) => ({ name: connector.name, value: connector.utilizationPercent ?? 0 })), 1, "the busiest connector", 0.15);
      },
    }),
    heldOut({
      id: "plan-top2-loss-24h-fr",
      category: "plans",
      user: INITECH_ADMIN,
      question: "les 2 chemins avec le plus de pertes sur les dernières 24 h ?",
      facts: async (world, lang) => {
        const ranked = [];
        for (const path of await orgPaths(world, INITECH_ADMIN, INITECH)) {
          const series = await performanceOf(world, INITECH_ADMIN, path.id, lastHours(world, 24));
          if (series.points.length > 0) ranked.push({ name: path.name, value: mean(series.points.map((point) => point.lossPercent)) });
        }
        return [metricWords("lossPercent", lang), ...rankFacts(ranked, 2, "the lossiest path", 0.1, 0.02)];
      },
    }),
    heldOut({
      id: "plan-bande-passante-totale-fr",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "quelle bande passante avons-nous provisionnée au total sur tous nos chemins ?",
      facts: async (world) => [number("the total of the paths' bandwidths in Mbps", (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).reduce((sum, path) => sum + path.bandwidth, 0), 0)],
    }),
    heldOut({
      id: "plan-sites-per-type-en",
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "how many sites of each type do we have?",
      facts: async (world) => {
        const sites = await sitesOf(world, CONTOSO_ADMIN, CONTOSO);
        const counts = new Map<string, number>();
        for (const site of sites) counts.set(site.type, (counts.get(site.type) ?? 0) + 1);
        const label: Record<string, string[]> = { standard: ["standard"], aws: ["AWS"], azure: ["Azure"], gcp: ["GCP", "Google"], oracle: ["Oracle", "OCI"], "aws-direct-connect": ["Direct Connect"] };
        return [...counts].flatMap(([type, count]) => [text(`the type ${type}`, ...(label[type] ?? [type])), number(`how many ${type}`, count, 0)]);
      },
    }),
    heldOut({
      id: "plan-failed-or-cancelled-ops-en",
      sloppy: true,
      category: "plans",
      user: NORTHWIND_ADMIN,
      question: "which lifecycle ops failed or got cancelled?",
      facts: async (world, lang) => {
        const finished = (await operationsOf(world, NORTHWIND_ADMIN, "finished")).filter((operation) => operation.status === "failed" || operation.status === "cancelled");
        if (finished.length === 0) return [say("that none did", NONE, lang)];
        return finished.map((operation) => text(`the ${operation.status} operation on ${operation.serialNumber}`, operation.serialNumber));
      },
    }),
    heldOut({
      id: "plan-stats-7d-fr",
      sloppy: true,
      category: "plans",
      user: CONTOSO_ADMIN,
      question: "stats de latence de Paris ⇄ Frankfurt sur 7 jours : moyenne et p95 ?",
      facts: async (world, lang) => {
        const path = await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt");
        const series = await performanceOf(world, CONTOSO_ADMIN, path.id, lastHours(world, 7 * 24));
        const latencies = series.points.map((point) => point.latencyMs);
        return [metricWords("latencyMs", lang), measured("the average latency", mean(latencies)), measured("the 95th percentile", percentile(latencies, 95))];
      },
    }),
    heldOut({
      id: "plan-count-layers-fr",
      sloppy: true,
      category: "plans",
      user: INITECH_ADMIN,
      question: "combien de chemins L2 et combien en L3 ?",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        return [number("the Layer 2 paths", paths.filter((path) => path.layer === "layer2").length, 0), number("the Layer 3 paths", paths.filter((path) => path.layer === "layer3").length, 0)];
      },
    }),
    heldOut({
      id: "plan-ports-and-alarms-en",
      category: "plans",
      user: NORTHWIND_ADMIN,
      question: "ports down and open alarms on nw-edge-par-01?",
      facts: async (world, lang) => {
        const { node, down } = await frontPanel(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-par-01");
        const alarms = (await alarmsOf(world, NORTHWIND_ADMIN)).filter((alarm) => alarm.source === node.name);
        return [
          text("the node", node.name),
          ...(down.length > 0 ? down.map((port) => text(`the down port ${port.portId}`, port.portId)) : [say("that no port is down", NO_PORT_DOWN, lang)]),
          ...(alarms.length > 0 ? [number("how many alarms are open", alarms.length, 0)] : [say("that no alarm is open", { en: ["no open alarm", "no alarm", "no active alarm", "none open"], fr: ["aucune alarme"] }, lang)]),
        ];
      },
    }),
  ];
}
