// Follow-ups in one chat: the earlier turns are asked first, the facts are checked on the last answer.
import { approval, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, NORTHWIND_ADMIN, orgPaths, percentile, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  clockWords,
  CONTOSO,
  currentOf,
  diagnosisFacts,
  heldOut,
  INITECH,
  INITECH_ADMIN,
  LINK_HEALTH,
  measured,
  metricWords,
  NONE,
  NORTHWIND,
  nodeOf,
  performanceOf,
  rankFacts,
  siteHealthOf,
  stateFacts,
  worstPath,
  zoneFact,
  say,
  NO_PORT_DOWN,
  averageFacts,
  frontPanel,
  lastHours,
  yesterdayOf,
} from "./facts";

export function conversationCases(): EvalCase[] {
  return [
    heldOut({
      id: "conv-worst-then-why-en",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["which path is the worst right now?"],
      question: "why?",
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await worstPath(world, CONTOSO_ADMIN, CONTOSO), lang),
    }),
    heldOut({
      id: "conv-the-one-to-oracle-en",
      category: "conversation",
      user: INITECH_ADMIN,
      history: ["status of the madrid paths?"],
      question: "the one to oracle",
      facts: async (world, lang) => stateFacts(world, INITECH_ADMIN, await pathNamed(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle"), lang),
    }),
    heldOut({
      id: "conv-and-the-other-one-en",
      category: "conversation",
      user: INITECH_ADMIN,
      history: ["how is the madrid path", "madrid milan"],
      question: "and the other one?",
      facts: async (world, lang) => stateFacts(world, INITECH_ADMIN, await pathNamed(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle"), lang),
    }),
    heldOut({
      id: "conv-what-about-yesterday-en",
      sloppy: true,
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["avg latency on frankfurt-aws over the last hour?"],
      question: "what about yesterday?",
      facts: async (world, lang) => averageFacts(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS", "latencyMs", await yesterdayOf(world, CONTOSO_ADMIN), lang),
    }),
    heldOut({
      id: "conv-how-to-then-do-it-en",
      category: "conversation",
      user: NORTHWIND_ADMIN,
      history: ["how do I reboot nw-edge-sea-01?"],
      question: "ok do it",
      facts: async (world) => {
        const node = await nodeOf(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-sea-01");
        return [approval("a reboot to approve", true), text("the device or its node", node.name, node.deviceSerialNumber ?? node.name)];
      },
    }),
    heldOut({
      id: "conv-missing-prefix-en",
      sloppy: true,
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["new L3 path paris hq -> frankfurt dc, 20 Mbps please"],
      question: "use 10.77.0.0/24",
      facts: async () => [approval("the path to approve", true), text("the prefix", "10.77.0.0/24"), text("the source", "Paris HQ"), text("the destination", "Frankfurt DC")],
    }),
    heldOut({
      id: "conv-pire-latence-pourquoi-fr",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["quel chemin a la pire latence en ce moment ?"],
      question: "pourquoi ?",
      facts: async (world, lang) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const latencies = await Promise.all(paths.map(async (path) => ({ path, latency: (await currentOf(world, CONTOSO_ADMIN, path.id)).latencyMs ?? -1 })));
        const top = latencies.sort((a, b) => b.latency - a.latency)[0].path;
        return diagnosisFacts(world, CONTOSO_ADMIN, top, lang);
      },
    }),
    heldOut({
      id: "conv-and-its-ports-en",
      category: "conversation",
      user: NORTHWIND_ADMIN,
      history: ["what's the status of nw-edge-par-01?"],
      question: "and its ports?",
      facts: async (world, lang) => {
        const { ports, down } = await frontPanel(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-par-01");
        const uplink = ports.find((port) => port.portId.includes("/"));
        return [
          ...(uplink ? [text(`the port ${uplink.portId}`, uplink.portId)] : []),
          ...(down.length > 0 ? down.map((port) => text(`the down port ${port.portId}`, port.portId)) : [say("that none is down", NO_PORT_DOWN, lang)]),
        ];
      },
    }),
    heldOut({
      id: "conv-lesquelles-majeures-fr",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["Combien d'alarmes ouvertes avons-nous ?"],
      question: "lesquelles sont majeures ?",
      facts: async (world, lang) => {
        const major = (await alarmsOf(world, CONTOSO_ADMIN)).filter((alarm) => alarm.severity === "major");
        if (major.length === 0) return [say("that none is", NONE, lang)];
        return major.map((alarm) => text(`the major alarm on ${alarm.source}`, alarm.source));
      },
    }),
    heldOut({
      id: "conv-make-it-4am-en",
      category: "conversation",
      user: NORTHWIND_ADMIN,
      history: ["reboot nw-edge-sea-01 tomorrow at 3am"],
      question: "actually make it 4am",
      facts: async (world, lang) => [approval("the reboot to approve", true), text("the new time", ...clockWords(4, 0, lang)), await zoneFact(world, NORTHWIND_ADMIN)],
    }),
    heldOut({
      id: "conv-et-francfort-fr",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["comment va paris hq ?"],
      question: "et francfort ?",
      facts: async (world, lang) => {
        const site = (await siteHealthOf(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Frankfurt DC");
        if (!site) throw new Error("no site Frankfurt DC");
        return [text("the site", site.name), text(`its health (${site.health})`, ...LINK_HEALTH[lang][site.health])];
      },
    }),
    heldOut({
      id: "conv-pareil-gigue-fr",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["p95 de latence de Paris ⇄ Frankfurt sur les dernières 24h ?"],
      question: "pareil pour la gigue",
      facts: async (world, lang) => {
        const path = await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt");
        const series = await performanceOf(world, CONTOSO_ADMIN, path.id, lastHours(world, 24));
        return [metricWords("jitterMs", lang), measured("the 95th percentile of jitter", percentile(series.points.map((point) => point.jitterMs), 95), 0.2)];
      },
    }),
    heldOut({
      id: "conv-lesquels-l3-fr",
      sloppy: true,
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["liste nos chemins"],
      question: "lesquels sont en L3 ?",
      facts: async (world) => (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => path.layer === "layer3").map((path) => text(`the Layer 3 path ${path.name}`, path.name)),
    }),
    heldOut({
      id: "conv-delete-then-pick-en",
      category: "conversation",
      user: INITECH_ADMIN,
      history: ["delete the madrid path"],
      question: "the one to milan",
      facts: async () => [approval("the deletion to approve", true), text("the path", "Madrid ⇄ Milan")],
    }),
    heldOut({
      id: "conv-comment-puis-fais-le-fr",
      category: "conversation",
      user: NORTHWIND_ADMIN,
      history: ["comment je planifie une mise à jour logicielle ?"],
      question: "ok, fais-le pour MX-E200-0103 en 24.3.2 samedi à 22h",
      facts: async (world, lang) => [
        approval("the install to approve", true),
        text("the device", "MX-E200-0103"),
        text("the version", "24.3.2"),
        text("the time", ...clockWords(22, 0, lang)),
        await zoneFact(world, NORTHWIND_ADMIN),
      ],
    }),
    heldOut({
      id: "conv-and-the-least-en",
      category: "conversation",
      user: CONTOSO_ADMIN,
      history: ["which site has the most traffic right now?"],
      question: "and the least?",
      facts: async (world) => {
        const sites = await siteHealthOf(world, CONTOSO_ADMIN, CONTOSO);
        const reporting = sites.filter((site) => site.rxBps !== null && site.txBps !== null);
        // The quietest of those reporting, or a site carrying nothing at all (an inactive one).
        const [quietest] = rankFacts(reporting.map((site) => ({ name: site.name, value: -((site.rxBps ?? 0) + (site.txBps ?? 0)) })), 1, "the quietest site", 0.15);
        const silent = sites.filter((site) => site.rxBps === null || site.txBps === null).map((site) => site.name);
        return [quietest.kind === "text" ? text(quietest.why, ...quietest.any, ...silent) : quietest];
      },
    }),
    heldOut({
      id: "conv-et-hier-fr",
      category: "conversation",
      user: INITECH_ADMIN,
      history: ["perte moyenne sur Madrid ⇄ Oracle sur la dernière heure ?"],
      question: "et hier ?",
      facts: async (world, lang) => averageFacts(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle", "lossPercent", await yesterdayOf(world, INITECH_ADMIN), lang, 0.015),
    }),
  ];
}
