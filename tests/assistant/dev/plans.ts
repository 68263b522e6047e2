// Plans that need more than one lookup (rank, count, compare, two-part questions, statistics), root cause as a network
// engineer would sign it, and live figures a tool returns (uptime, CPU, prefixes, VLANs, connected sites).
import { number, text, absent, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { customerPathRoute, slaFacts, worstPath } from "../../../scripts/assistant-eval/cases";
import {
  CONTOSO_ADMIN,
  devices,
  nodeNamed,
  NORTHWIND_ADMIN,
  openAlarms,
  orgPaths,
  orgSites,
  SLA_WORDS,
  type ApiPath,
} from "../../../scripts/assistant-eval/world";
import { BLUEWAVE_ADMIN, CONTOSO, currentOf, dv, FABRIKAM, INITECH, INITECH_ADMIN, NORTHWIND, path, siteHealth, slack, WORDS } from "./support";

const traffic = (site: { rxBps: number | null; txBps: number | null }) => (site.rxBps ?? 0) + (site.txBps ?? 0);

/** The active site carrying the most traffic now (the site-health list's figures). */
async function busiestSite(world: EvalWorld) {
  const sites = (await siteHealth(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => site.rxBps !== null || site.txBps !== null);
  return [...sites].sort((a, b) => traffic(b) - traffic(a))[0];
}

/** Each path with its current latency, highest first (paths without a measurement left out). */
async function byLatency(world: EvalWorld, email: string, organization: string) {
  const paths = await orgPaths(world, email, organization);
  const measured = await Promise.all(paths.map(async (found) => ({ path: found, latency: (await currentOf(world, email, found)).latencyMs })));
  return measured.filter((item): item is { path: ApiPath; latency: number } => item.latency !== null).sort((a, b) => b.latency - a.latency);
}

async function latencyFacts(world: EvalWorld, email: string, found: ApiPath): Promise<Fact[]> {
  const current = await currentOf(world, email, found);
  return [text("the path", found.name), number(`the latency of ${found.name}`, current.latencyMs ?? -1, slack(current.latencyMs ?? 0))];
}

/** An uptime as people write it: in days or in hours, rounded either way. */
export function uptimeWords(seconds: number): string[] {
  const days = seconds / 86400;
  const hours = seconds / 3600;
  const counts = [...new Set([Math.floor(days), Math.round(days)])].filter((count) => count > 0);
  const hourCounts = [...new Set([Math.floor(hours), Math.round(hours)])];
  return [
    ...counts.flatMap((count) => [`${count} d`, `${count}d`, `${count} day`, `${count} jour`, `${count} j`]),
    ...hourCounts.flatMap((count) => [`${count} h`, `${count}h`, `${count} hour`, `${count} heure`]),
  ];
}

/** Contoso's pending invitations, as its Invitations tab lists them. */
async function pendingInvitations(world: EvalWorld) {
  const invitations = (await (await world.session(CONTOSO_ADMIN)).get<{ items: { email: string; status: string }[] }>(`/organization/${await world.organization(CONTOSO)}/invitation`)).items;
  return invitations.filter((invitation) => invitation.status === "pending");
}

/** Northwind's core fabric, as its fabrics list gives it. */
async function northwindFabric(world: EvalWorld) {
  const [fabric] = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; nodeCount: number; linkCount: number }[] }>(
    `/config/msp/${await world.organization(NORTHWIND)}/core-fabric`,
  )).items;
  return fabric;
}

export function planCases(): EvalCase[] {
  return [
    // --- plans ---
    dv("plan-most-traffic-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quel site consome le plus de bande passante en ce moment ?",
      facts: async (world) => [text("the busiest site", (await busiestSite(world)).name)],
    }),
    dv("plan-top3-latency", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "top 3 pahts by latency",
      facts: async (world) => {
        const ranked = (await byLatency(world, CONTOSO_ADMIN, CONTOSO)).slice(0, 3);
        return [...ranked.map((item) => text(`the path ${item.path.name}`, item.path.name)), number("the highest latency", ranked[0].latency, slack(ranked[0].latency))];
      },
    }),
    dv("plan-worst-latency-fr", "plans", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "quel chemin a la pire latence ?",
      facts: async (world) => {
        const [worst] = await byLatency(world, INITECH_ADMIN, INITECH);
        return [text("the path with the highest latency", worst.path.name), number("its latency", worst.latency, slack(worst.latency))];
      },
    }),
    dv("plan-busiest-site-en", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "which site is pushing the most traffic right now?",
      facts: async (world) => [text("the busiest site", (await busiestSite(world)).name)],
    }),
    dv("plan-count-bad-en", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how many of our circuits are bad atm",
      facts: async (world) => {
        const bad = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((found) => found.slaHealth === "bad");
        return [number("how many are bad", bad.length, 0), ...bad.map((found) => text(`the bad path ${found.name}`, found.name))];
      },
    }),
    dv("plan-compare-two", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "compare latancy of paris-azure vs frankfurt-aws",
      facts: async (world) => [
        ...(await latencyFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure"))),
        ...(await latencyFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS"))),
      ],
    }),
    dv("plan-compare-fr", "plans", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "compare Madrid ⇄ Milan et Madrid ⇄ Oracle",
      facts: async (world) => [
        ...(await slaFacts(world, INITECH_ADMIN, await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan"), "fr")),
        ...(await slaFacts(world, INITECH_ADMIN, await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle"), "fr")),
      ],
    }),
    dv("plan-count-warning", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how many paths are in warning rn?",
      facts: async (world) => {
        const warning = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((found) => found.slaHealth === "warning");
        return [number("how many are in warning", warning.length, 0), ...warning.map((found) => text(`the path in warning ${found.name}`, found.name))];
      },
    }),
    dv("plan-count-warning-msp-fr", "plans", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "combien de chemins clients sont dégradés (bad) ?",
      facts: async (world) => {
        const all = [...(await orgPaths(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM))];
        const bad = all.filter((found) => found.slaHealth === "bad");
        return [number("how many are bad", bad.length, 0), ...bad.map((found) => text(`the bad path ${found.name}`, found.name))];
      },
    }),
    dv("plan-alarms-and-events", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "alarms + recent events for lyon branch",
      facts: async (world) => {
        const alarms = (await openAlarms(world, CONTOSO_ADMIN, CONTOSO)).filter((alarm) => alarm.source.includes("Lyon"));
        return [
          text("the site", "Lyon Branch"),
          ...alarms.map((alarm) => text(`the open alarm on ${alarm.source}`, alarm.source)),
          text("its recent description edit", "description", "site.updated", "site updated"),
          text("who edited it", "Carla Diaz", "admin@contoso.example"),
        ];
      },
    }),
    dv("plan-devices-by-status-fr", "plans", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "répartition de mes équipements par statut ?",
      facts: async (world) => {
        const all = await devices(world, NORTHWIND_ADMIN);
        const count = (status: string) => all.filter((device) => device.status === status).length;
        return [number("how many are assigned", count("assigned"), 0), number("how many are spare", count("unassigned"), 0), text("the spare status", "non affecté", "sans nœud", "pas affecté")];
      },
    }),
    dv("plan-customer-most-sites", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which of our customers has the most sites?",
      facts: async (world) => {
        const summary = await (await world.session(NORTHWIND_ADMIN)).get<{ customerName: string; activeSites: number; inactiveSites: number }[]>(
          `/config/msp/${await world.organization(NORTHWIND)}/customer-summary`,
        );
        const top = [...summary].sort((a, b) => b.activeSites + b.inactiveSites - (a.activeSites + a.inactiveSites))[0];
        return [text("the customer", top.customerName), number("its sites", top.activeSites + top.inactiveSites, 0)];
      },
    }),
    dv("plan-rank-bandwidth-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "classe nos chemins par bande passante, du plus gros au plus petit",
      facts: async (world) => {
        const ranked = [...(await orgPaths(world, CONTOSO_ADMIN, CONTOSO))].sort((a, b) => b.bandwidth - a.bandwidth);
        return [...ranked.slice(0, 2).map((found) => text(`the path ${found.name}`, found.name)), number("the biggest bandwidth", ranked[0].bandwidth, 0)];
      },
    }),
    dv("plan-sites-and-paths-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "combien de sites et combien de chemins on a ?",
      facts: async (world) => [
        number("how many sites", (await orgSites(world, CONTOSO_ADMIN, CONTOSO)).length, 0),
        number("how many paths", (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).length, 0),
      ],
    }),
    dv("plan-unhealthy-links", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "any unhealthy links in the backbone?",
      facts: async (world) => {
        const links = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; health: string }[] }>(`/telemetry/organization/${await world.organization(NORTHWIND)}/link-health`)).items;
        const sick = links.filter((link) => link.health === "unhealthy" || link.health === "warning");
        if (sick.length === 0) return [text("that every link is healthy", "all links are healthy", "every link is healthy", "no unhealthy link", "none is unhealthy", "all healthy")];
        return sick.map((link) => text(`the link ${link.name}`, link.name));
      },
    }),
    dv("plan-edge-nodes-reach", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many edge nodes do we run, and are any unreachable?",
      facts: async (world) => {
        const nodes = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; kind: string; deviceReachable: boolean | null }[] }>(
          `/config/msp/${await world.organization(NORTHWIND)}/node?limit=100`,
        )).items.filter((node) => node.kind === "edge");
        const unreachable = nodes.filter((node) => node.deviceReachable === false);
        return [
          number("how many edge nodes", nodes.length, 0),
          ...(unreachable.length > 0 ? unreachable.map((node) => text(`the unreachable node ${node.name}`, node.name)) : [text("that all are reachable", "reachable", "none")]),
        ];
      },
    }),
    dv("plan-busiest-connector-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quel conecteur est le plus chargé ?",
      facts: async (world) => {
        const connectors = (await (await world.session(CONTOSO_ADMIN)).get<{ items: { name: string; utilizationPercent: number | null }[] }>(
          `/telemetry/organization/${await world.organization(CONTOSO)}/connector-health`,
        )).items.filter((connector) => connector.utilizationPercent !== null);
        const top = [...connectors].sort((a, b) => (b.utilizationPercent ?? 0) - (a.utilizationPercent ?? 0))[0];
        return [text("the busiest connector", top.name), number("its utilisation", top.utilizationPercent ?? -1, slack(top.utilizationPercent ?? 0, 0.15, 1))];
      },
    }),

    // --- root cause ---
    dv("rc-why-slow-ends", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: async (world) => {
        const worst = await worstPath(world, CONTOSO_ADMIN, CONTOSO);
        return `why is ${worst.sourceSiteName.split(" ")[0].toLowerCase()} to ${worst.destinationSiteName.split(" ")[0].toLowerCase()} so slow?`;
      },
      facts: async (world) => {
        const worst = await worstPath(world, CONTOSO_ADMIN, CONTOSO);
        const touchesLyon = worst.sourceSiteName === "Lyon Branch" || worst.destinationSiteName === "Lyon Branch";
        return [...(await slaFacts(world, CONTOSO_ADMIN, worst, "en")), ...(touchesLyon ? [] : [absent("an unrelated site's edit blamed", "Lyon Branch")])];
      },
    }),
    dv("rc-change-not-blamed", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: async (world) => `did a config change cause the problem on ${(await worstPath(world, CONTOSO_ADMIN, CONTOSO)).name}?`,
      facts: async (world) => {
        const worst = await worstPath(world, CONTOSO_ADMIN, CONTOSO);
        // Every change of the evaluation is made after the fault script's drift began: none may be blamed for it.
        return [
          ...(await slaFacts(world, CONTOSO_ADMIN, worst, "en")),
          text("that no change explains it", "no recent change", "no configuration change", "no change", "not explained by a change", "none of the recent changes", "no relevant change"),
          absent("an unrelated site's edit blamed", "Likely cause: the recent change"),
        ];
      },
    }),
    dv("rc-initech-fr", "root-cause", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: async (world) => `qu'est-ce qui cloche sur ${(await worstPath(world, INITECH_ADMIN, INITECH)).name} ?`,
      facts: async (world) => slaFacts(world, INITECH_ADMIN, await worstPath(world, INITECH_ADMIN, INITECH), "fr"),
    }),
    dv("rc-page-no-data", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how come this one has no data?",
      page: async (world) => customerPathRoute(await path(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris")),
      facts: async () => [text("the inactive end", "Lyon Branch"), text("that it is inactive", ...WORDS.inactive.en), text("the unknown SLA", ...SLA_WORDS.en.unknown, "insufficient data")],
    }),
    dv("rc-false-premise", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "why is paris ⇄ azure bad?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure"), "en"),
    }),
    dv("rc-aws-fr", "root-cause", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "pourqoi le chemin vers AWS rame ?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS"), "fr"),
    }),
    dv("rc-spare-silent", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "why isn't MX-C100-0151 reporting?",
      facts: async () => [text("the device", "MX-C100-0151"), text("that it is a spare that never reported", "never", "not assigned", "no node", "spare")],
    }),

    // --- live data ---
    dv("live-uptime", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "uptime of nw-core-lon?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-core-lon");
        const status = await (await world.session(NORTHWIND_ADMIN)).get<{ device: { uptimeSeconds: number | null; softwareVersion: string } | null }>(`/telemetry/node/${node.id}/device`);
        const seconds = status.device?.uptimeSeconds;
        return [text("the node", node.name), ...(seconds ? [text("its uptime", ...uptimeWords(seconds))] : [text("that no uptime is reported", "no uptime", "not reported", "unknown")])];
      },
    }),
    dv("live-cpu-memory", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "cpu and memroy on nw-edge-fra-01?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-edge-fra-01");
        const status = await (await world.session(NORTHWIND_ADMIN)).get<{ device: { cpuPercent: number | null; memoryPercent: number | null } | null }>(`/telemetry/node/${node.id}/device`);
        const cpu = status.device?.cpuPercent ?? null;
        const memory = status.device?.memoryPercent ?? null;
        return [
          text("the node", node.name),
          ...(cpu === null ? [] : [number("its CPU %", cpu, slack(cpu, 0.1, 3))]),
          ...(memory === null ? [] : [number("its memory %", memory, slack(memory, 0.1, 3))]),
        ];
      },
    }),
    dv("live-prefixes-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quels préfixes passent sur frankfurt ⇄ aws ?",
      facts: async (world) => {
        const found = (await path(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS")) as ApiPath & { prefix: string[] };
        return found.prefix.map((prefix) => text(`the prefix ${prefix}`, prefix));
      },
    }),
    dv("live-vlan-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "sur quel VLAN est Paris ⇄ Frankfurt ?",
      facts: async (world) => [number("its VLAN id", (await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt")).vlanId ?? -1, 0)],
    }),
    dv("live-connected-sites-fr", "live-data", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "quels sites sont racordés à nw-edge-par-01 ?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-edge-par-01");
        const connected = await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string }[] }>(`/telemetry/node/${node.id}/connected-sites`);
        return connected.items.map((site) => text(`the connected site ${site.name}`, site.name));
      },
    }),
    dv("live-pending-invites", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "any pending invitaions?",
      facts: async (world) => {
        const pending = await pendingInvitations(world);
        if (pending.length === 0) return [text("that none is pending", ...WORDS.none.en)];
        return pending.map((invitation) => text(`the invitation of ${invitation.email}`, invitation.email));
      },
    }),
    dv("live-version-bluewave-fr", "live-data", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: "Bluewave Telecom",
      question: "quelle version tourne sur bw-edge-mad-01 ?",
      facts: async (world) => {
        const device = (await devices(world, BLUEWAVE_ADMIN)).find((candidate) => candidate.nodeName === "bw-edge-mad-01")!;
        return [text("its device", device.serialNumber), text("its version", device.softwareVersion)];
      },
    }),
    dv("live-core-fabric", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "status of the global core fabric",
      facts: async (world) => {
        const fabric = await northwindFabric(world);
        return [text("the fabric", fabric.name), number("its core nodes", fabric.nodeCount, 0), number("its links", fabric.linkCount, 0)];
      },
    }),
    dv("live-vlan-en", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what vlan does paris to frankfurt use?",
      facts: async (world) => [number("its VLAN id", (await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt")).vlanId ?? -1, 0)],
    }),
    dv("live-invites-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "invitations en attente ?",
      facts: async (world) => {
        const pending = await pendingInvitations(world);
        if (pending.length === 0) return [text("that none is pending", ...WORDS.none.fr)];
        return pending.map((invitation) => text(`the invitation of ${invitation.email}`, invitation.email));
      },
    }),
    dv("live-backbone", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "hows the backbone looking?",
      facts: async (world) => {
        const fabric = await northwindFabric(world);
        return [text("the fabric", fabric.name), number("its links", fabric.linkCount, 0)];
      },
    }),
    dv("live-site-rx-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "débit actuel de Frankfurt DC ?",
      facts: async (world) => {
        const site = (await siteHealth(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Frankfurt DC")!;
        const rx = (site.rxBps ?? 0) / 1e6;
        return [text("the site", site.name), number("what it receives now (Mbit/s)", rx, slack(rx, 0.15, 5)), text("the unit", "Mbit/s", "Gbit/s")];
      },
    }),
  ];
}
