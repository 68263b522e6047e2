// Aggregates, filtered lists and two-part plans asked in other words than the fresh batch's (issue 40, scope 3): a
// capability is general only if another phrasing of it is answered too. Every fact is read from the API when asked.
import { number, text, type EvalCase, type EvalWorld } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, devices, NORTHWIND_ADMIN, OPERATOR, orgPaths, orgSites, type ApiAlarm, type ApiSite } from "../../../scripts/assistant-eval/world";
import { CONTOSO, dv, INITECH, INITECH_ADMIN, NORTHWIND, siteHealth, WORDS } from "./support";

const trafficOf = (site: { rxBps: number | null; txBps: number | null }) => (site.rxBps ?? 0) + (site.txBps ?? 0);

async function mspNodeKinds(world: EvalWorld) {
  const nodes = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { kind: string }[] }>(`/config/msp/${await world.organization(NORTHWIND)}/node?limit=100`)).items;
  return (["edge", "cpe", "core"] as const).map((kind) => ({ kind, count: nodes.filter((node) => node.kind === kind).length }));
}

export function aggregateCases(): EvalCase[] {
  return [
    dv("agg-breakdown-by-layer", "plans", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "breakdown of our circuits by layer pls",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        return [
          text("Layer 2", "Layer 2"),
          number("how many Layer 2", paths.filter((found) => found.layer === "layer2").length, 0),
          text("Layer 3", "Layer 3"),
          number("how many Layer 3", paths.filter((found) => found.layer === "layer3").length, 0),
        ];
      },
    }),
    dv("agg-capacity-total", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what's the total capacity reserved across all our paths?",
      facts: async (world) => [number("the total (Mbps)", (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).reduce((sum, found) => sum + found.bandwidth, 0), 0)],
    }),
    dv("agg-site-most-paths-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quel site a le plus de chemins ?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const counted = (await orgSites(world, CONTOSO_ADMIN, CONTOSO)).map((site) => ({
          name: site.name,
          count: paths.filter((found) => found.sourceSiteId === site.id || found.destinationSiteId === site.id).length,
        }));
        const top = counted.sort((a, b) => b.count - a.count)[0];
        return [text("the site", top.name), number("its paths", top.count, 0)];
      },
    }),
    dv("agg-any-inactive", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "any inactive sites?",
      facts: async (world) => {
        const inactive = ((await orgSites(world, CONTOSO_ADMIN, CONTOSO)) as (ApiSite & { active: boolean })[]).filter((site) => !site.active);
        if (inactive.length === 0) return [text("that all are active", "all", "none is inactive")];
        return inactive.map((site) => text(`the inactive site ${site.name}`, site.name));
      },
    }),
    dv("agg-node-count-kinds", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "edge vs cpe vs core node count",
      facts: async (world) => (await mspNodeKinds(world)).map((kind) => number(`how many ${kind.kind} nodes`, kind.count, 0)),
    }),
    dv("agg-firmware-spread", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which firmware versions are the devices on, and how many of each?",
      facts: async (world) => {
        const all = await devices(world, NORTHWIND_ADMIN);
        return [...new Set(all.map((device) => device.softwareVersion))].map((version) =>
          text(`${version} counted`, `${version}: ${all.filter((device) => device.softwareVersion === version).length}`),
        );
      },
    }),
    dv("agg-compare-sites-load", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "frankfurt dc versus paris hq, who carries more traffic now?",
      facts: async (world) => {
        const sites = (await siteHealth(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => site.name === "Paris HQ" || site.name === "Frankfurt DC");
        const busier = [...sites].sort((a, b) => trafficOf(b) - trafficOf(a))[0];
        return [...sites.map((site) => text(`the site ${site.name}`, site.name)), text("the busier site, named as such", `${busier.name} is busier`, `${busier.name} est le plus chargé`)];
      },
    }),
    dv("agg-acked-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quelles alarmes ont été acquittées et avec quelle note ?",
      facts: async (world) => {
        const acked = (await (await world.session(CONTOSO_ADMIN)).get<{ items: (ApiAlarm & { note: string | null })[] }>("/alarm?acknowledged=true&state=active&limit=100")).items;
        if (acked.length === 0) return [text("that none is acknowledged", ...WORDS.none.fr)];
        return acked.flatMap((alarm) => [text(`the acknowledged alarm on ${alarm.source}`, alarm.source), ...(alarm.note ? [text("its note", alarm.note)] : [])]);
      },
    }),
    dv("agg-msps-fr", "live-data", "fr", {
      user: OPERATOR,
      organization: "Maia",
      question: "combien de clients a chacun des msps ?",
      facts: async (world) => {
        const msps = (await (await world.session(OPERATOR)).get<{ items: { name: string; customerCount: number }[] }>("/core/msp?limit=100")).items;
        return msps.flatMap((msp) => [text(`the MSP ${msp.name}`, msp.name), number("its customers", msp.customerCount, 0)]);
      },
    }),
  ];
}
