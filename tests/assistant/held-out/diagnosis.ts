// Root cause ("why is X slow?") and live data. The paths in trouble are the ones the simulator's fault script hits,
// found at run time; the questions name them as people type them ("paris-azure").
import { SLA_THRESHOLDS } from "@/lib/constants";
import { number, text, type EvalCase, type EvalWorld } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, devices, NORTHWIND_ADMIN, type ApiPath, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  CONTOSO,
  deviceOfNode,
  diagnosisFacts,
  heldOut,
  INITECH,
  INITECH_ADMIN,
  type Lang,
  linkHealthOf,
  mspNodes,
  NO_DATA,
  NONE,
  NORTHWIND,
  nodeOf,
  rows,
  say,
  worstPath,
  NO_PORT_DOWN,
  frontPanel,
  reachabilityFacts,
  metricNow,
} from "./facts";

/** A path's name as people type it: "Paris ⇄ Azure" → "paris-azure" (or "paris azure"). */
const typed = (path: ApiPath, joiner = "-") => path.name.toLowerCase().split(" ⇄ ").join(joiner);

/** The console route of a customer's path page. */
const pathPage = (path: ApiPath) => `customer/dashboard/${path.sourceSiteId}/path/${path.id}`;

/** Ways an uptime is written, a unit either way of the value (3 days, 76 h, 76 hours, 3 j). */
function uptimeWords(seconds: number, lang: Lang): string[] {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60);
  const near = (value: number) => [value, value + 1];
  const words = [
    ...(days >= 1 ? near(days).flatMap((value) => (lang === "en" ? [`${value} day`, `${value}d`, `${value} d`] : [`${value} jour`, `${value} j`, `${value}j`])) : []),
    ...near(hours).flatMap((value) => [`${value} h`, `${value}h`, lang === "en" ? `${value} hour` : `${value} heure`]),
    ...(hours < 2 ? near(minutes).map((value) => `${value} min`) : []),
  ];
  return words;
}

const worstOf = (organization: string, email: string) => (world: EvalWorld) => worstPath(world, email, organization);

export function diagnosisCases(): EvalCase[] {
  const contosoWorst = worstOf(CONTOSO, CONTOSO_ADMIN);
  const initechWorst = worstOf(INITECH, INITECH_ADMIN);
  return [
    heldOut({
      id: "rc-why-so-slow-en",
      sloppy: true,
      category: "root-cause",
      user: CONTOSO_ADMIN,
      question: async (world) => `why is ${typed(await contosoWorst(world))} sooo slow?`,
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await contosoWorst(world), lang),
    }),
    heldOut({
      id: "rc-pourquoi-lent-fr",
      category: "root-cause",
      user: CONTOSO_ADMIN,
      question: async (world) => `pourquoi ${typed(await contosoWorst(world), " ")} est si lent ?`,
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await contosoWorst(world), lang),
    }),
    heldOut({
      id: "rc-whats-wrong-en",
      category: "root-cause",
      user: INITECH_ADMIN,
      question: async (world) => `what's wrong with ${typed(await initechWorst(world))}?`,
      facts: async (world, lang) => diagnosisFacts(world, INITECH_ADMIN, await initechWorst(world), lang),
    }),
    heldOut({
      id: "rc-why-unknown-en",
      category: "root-cause",
      user: CONTOSO_ADMIN,
      question: "why is Lyon ⇄ Paris unknown?",
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris"), lang),
    }),
    heldOut({
      id: "rc-page-no-data-en",
      category: "root-cause",
      user: CONTOSO_ADMIN,
      page: async (world) => pathPage(await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris")),
      question: "how come this one has no data?",
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris"), lang),
    }),
    heldOut({
      id: "rc-page-celui-la-fr",
      category: "root-cause",
      user: CONTOSO_ADMIN,
      page: async (world) => pathPage(await contosoWorst(world)),
      question: "c'est quoi le problème avec celui-là ?",
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await contosoWorst(world), lang),
    }),
    heldOut({
      id: "rc-msp-root-cause-en",
      category: "root-cause",
      user: NORTHWIND_ADMIN,
      question: async (world) => `root cause on ${typed(await worstPath(world, NORTHWIND_ADMIN, CONTOSO), " <-> ")}?`,
      facts: async (world, lang) => diagnosisFacts(world, NORTHWIND_ADMIN, await worstPath(world, NORTHWIND_ADMIN, CONTOSO), lang),
    }),
    heldOut({
      id: "rc-jitter-high-en",
      sloppy: true,
      category: "root-cause",
      user: INITECH_ADMIN,
      question: "why is the jitter so hgh on madrid-milan?",
      facts: async (world, lang) => [
        ...(await metricNow(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan", "jitterMs", lang, 0.2)),
        number("the jitter warning threshold", SLA_THRESHOLDS.jitterMs.warning, 0),
      ],
    }),
    heldOut({
      id: "rc-souci-fr",
      category: "root-cause",
      user: INITECH_ADMIN,
      question: async (world) => `c'est quoi le souci sur ${(await initechWorst(world)).name} ?`,
      facts: async (world, lang) => diagnosisFacts(world, INITECH_ADMIN, await initechWorst(world), lang),
    }),
    heldOut({
      id: "rc-device-silent-en",
      category: "root-cause",
      user: NORTHWIND_ADMIN,
      question: "why isn't MX-C100-0151 reporting?",
      facts: async (world) => {
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === "MX-C100-0151");
        if (!device) throw new Error("no device MX-C100-0151");
        return [
          text("the device", device.serialNumber),
          ...(device.status === "assigned" ? [] : [text("that it is on no node", "not assigned", "unassigned", "no node", "spare", "not on a node", "isn't assigned", "not installed")]),
        ];
      },
    }),

    heldOut({
      id: "live-core-links-en",
      sloppy: true,
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "any core links unhealty?",
      facts: async (world, lang) => {
        const core = (await linkHealthOf(world, NORTHWIND_ADMIN, NORTHWIND)).filter((link) => link.sourceNodeName.includes("-core-") && link.destinationNodeName.includes("-core-"));
        const sick = core.filter((link) => link.health !== "healthy");
        if (sick.length === 0) return [say("that all are healthy", { en: [...NONE.en, "all healthy", "all core links", "every core link"], fr: NONE.fr }, lang)];
        return sick.map((link) => text(`the ${link.health} link ${link.name}`, link.name));
      },
    }),
    heldOut({
      id: "live-uptime-en",
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "uptime of nw-edge-par-01?",
      facts: async (world, lang) => {
        const node = await nodeOf(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-par-01");
        const device = await deviceOfNode(world, NORTHWIND_ADMIN, node.id);
        if (device.uptimeSeconds === null) return [text("the node", node.name), say("that it has not reported", NO_DATA, lang)];
        return [text("the node", node.name), text(`its uptime (${device.uptimeSeconds} s)`, ...uptimeWords(device.uptimeSeconds, lang))];
      },
    }),
    heldOut({
      id: "live-ports-hs-fr",
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "y a-t-il des ports hors service sur nw-edge-fra-01 ?",
      facts: async (world, lang) => {
        const { node, down } = await frontPanel(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-fra-01");
        if (down.length === 0) return [text("the node", node.name), say("that none is down", NO_PORT_DOWN, lang)];
        return [text("the node", node.name), ...down.map((port) => text(`the down port ${port.portId}`, port.portId))];
      },
    }),
    heldOut({
      id: "live-core-versions-en",
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "what software are our core routers running?",
      facts: async (world) => {
        const core = (await mspNodes(world, NORTHWIND_ADMIN, NORTHWIND)).filter((node) => node.kind === "core");
        const versions = new Set((await Promise.all(core.map((node) => deviceOfNode(world, NORTHWIND_ADMIN, node.id)))).map((device) => device.softwareVersion));
        return [...versions].map((version) => text(`the version ${version}`, version));
      },
    }),
    heldOut({
      id: "live-who-acked-en",
      sloppy: true,
      category: "live-data",
      user: CONTOSO_ADMIN,
      question: "who acked the Paris ⇄ Azure alarm and what was the note?",
      facts: async (world) => {
        const alarm = (await alarmsOf(world, CONTOSO_ADMIN, "acknowledged=true&state=all")).find((candidate) => candidate.source === "Paris ⇄ Azure");
        if (!alarm?.acknowledgedBy) throw new Error("no acknowledged alarm on Paris ⇄ Azure");
        return [text("who acknowledged it", alarm.acknowledgedBy), ...(alarm.note ? [text("the note", alarm.note)] : [])];
      },
    }),
    heldOut({
      id: "live-invitations-fr",
      category: "live-data",
      user: CONTOSO_ADMIN,
      question: "quelles invitations sont en attente ?",
      facts: async (world, lang) => {
        const pending = (await rows<{ email: string; status: string }>(world, CONTOSO_ADMIN, `/organization/${await world.organization(CONTOSO)}/invitation?limit=100`)).filter((invitation) => invitation.status === "pending");
        if (pending.length === 0) return [say("that none is", NONE, lang)];
        return pending.map((invitation) => text(`the invitation of ${invitation.email}`, invitation.email));
      },
    }),
    heldOut({
      id: "live-utilisateurs-fr",
      sloppy: true,
      category: "live-data",
      user: CONTOSO_ADMIN,
      question: "liste les utilisateurs de mon orga",
      facts: async (world) =>
        (await rows<{ email: string; firstName: string; lastName: string }>(world, CONTOSO_ADMIN, `/organization/${await world.organization(CONTOSO)}/user?limit=100`)).map((user) =>
          text(`the user ${user.email}`, user.email, `${user.firstName} ${user.lastName}`),
        ),
    }),
    heldOut({
      id: "live-inactive-customers-en",
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "which customers have inactive sites?",
      facts: async (world, lang) => {
        const summary = await rows<{ customerName: string; inactiveSites: number }>(world, NORTHWIND_ADMIN, `/config/msp/${await world.organization(NORTHWIND)}/customer-summary`);
        const some = summary.filter((customer) => customer.inactiveSites > 0);
        if (some.length === 0) return [say("that none has", NONE, lang)];
        return some.map((customer) => text(`the customer ${customer.customerName}`, customer.customerName));
      },
    }),
    heldOut({
      id: "live-sea-reachable-fr",
      category: "live-data",
      user: NORTHWIND_ADMIN,
      question: "le boîtier de nw-edge-sea-01 répond ?",
      facts: async (world, lang) => reachabilityFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-sea-01", lang),
    }),
  ];
}
