// Time: weekdays, calendar days in the user's time zone, the last hours, and times of day next to names with digits.
import { absent, approval, number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, NORTHWIND_ADMIN, orgPaths, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  clockWords,
  CONTOSO,
  eventsBetween,
  heldOut,
  INITECH,
  INITECH_ADMIN,
  type Lang,
  measured,
  mean,
  midnight,
  NO_DATA,
  NONE,
  operationsOf,
  performanceOf,
  say,
  sinceWeekday,
  sitesOf,
  timeZoneOf,
  yesterday,
  zoneFact,
  averageFacts,
  lastHours,
  yesterdayOf,
} from "./facts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The changes made in a range, named by the objects they touched (events of objects without a name are left out). */
async function changeFacts(world: EvalWorld, email: string, organization: string, from: number, lang: Lang): Promise<Fact[]> {
  const names = new Map<string, string>();
  for (const site of await sitesOf(world, email, organization)) names.set(site.id, site.name);
  for (const path of await orgPaths(world, email, organization)) names.set(path.id, path.name);
  const changed = new Set((await eventsBetween(world, email, from, world.now)).map((event) => names.get(event.entityId)).filter((name): name is string => !!name));
  if (changed.size === 0) return [say("that nothing changed", { en: ["no change", "nothing changed", "no configuration change", "no event"], fr: ["aucun changement", "aucune modification", "rien n'a changé", "aucun événement"] }, lang)];
  return [...changed].slice(0, 4).map((name) => text(`the change to ${name}`, name));
}

/** A reboot or install proposed for a time of day: to approve, at that time, in the user's zone — not at 01:00. */
async function scheduledFacts(world: EvalWorld, email: string, hour: number, minute: number, lang: Lang): Promise<Fact[]> {
  return [approval("a proposal to approve", true), text("the time asked for", ...clockWords(hour, minute, lang)), await zoneFact(world, email), absent("a time read from a name's digits", "01:00")];
}

export function timeCases(): EvalCase[] {
  return [
    heldOut({
      id: "time-since-monday-en",
      category: "time",
      user: CONTOSO_ADMIN,
      question: "anything changed since monday?",
      facts: async (world, lang) => changeFacts(world, CONTOSO_ADMIN, CONTOSO, sinceWeekday(world.now, await timeZoneOf(world, CONTOSO_ADMIN), 1), lang),
    }),
    heldOut({
      id: "time-depuis-lundi-fr",
      sloppy: true,
      category: "time",
      user: CONTOSO_ADMIN,
      question: "des modifs depuis lundi ?",
      facts: async (world, lang) => changeFacts(world, CONTOSO_ADMIN, CONTOSO, sinceWeekday(world.now, await timeZoneOf(world, CONTOSO_ADMIN), 1), lang),
    }),
    heldOut({
      id: "time-alarms-yesterday-en",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "what alarms were raised yesterday?",
      facts: async (world, lang) => {
        const day = yesterday(world.now, await timeZoneOf(world, NORTHWIND_ADMIN));
        const raised = (await alarmsOf(world, NORTHWIND_ADMIN, "acknowledged=all&state=all")).filter((alarm) => {
          const at = Date.parse(alarm.raisedAt);
          return at >= day.from && at < day.to;
        });
        if (raised.length === 0) return [say("that none was", NONE, lang)];
        const bySource = new Map<string, number>();
        for (const alarm of raised) bySource.set(alarm.source, (bySource.get(alarm.source) ?? 0) + 1);
        const top = [...bySource].sort((a, b) => b[1] - a[1])[0][0];
        return [number("how many were raised", raised.length, 0), text(`the most frequent source ${top}`, top)];
      },
    }),
    heldOut({
      id: "time-avg-latency-yesterday-en",
      sloppy: true,
      category: "time",
      user: CONTOSO_ADMIN,
      question: "avg latency of paris-frankfurt yesterday",
      facts: async (world, lang) => averageFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt", "latencyMs", await yesterdayOf(world, CONTOSO_ADMIN), lang),
    }),
    heldOut({
      id: "time-gigue-hier-fr",
      category: "time",
      user: INITECH_ADMIN,
      question: "gigue moyenne hier sur Oracle ⇄ AWS Paris ?",
      facts: async (world, lang) => averageFacts(world, INITECH_ADMIN, INITECH, "Oracle ⇄ AWS Paris", "jitterMs", await yesterdayOf(world, INITECH_ADMIN), lang, 0.2),
    }),
    heldOut({
      id: "time-last-3h-avg-en",
      category: "time",
      user: CONTOSO_ADMIN,
      question: "latency on paris-azure over the last 3 hours, avg?",
      facts: async (world, lang) => averageFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure", "latencyMs", lastHours(world, 3), lang),
    }),
    heldOut({
      id: "time-tmrw-3am-en",
      sloppy: true,
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "pls reboot nw-edge-sea-01 tmrw at 3am",
      facts: async (world, lang) => [...(await scheduledFacts(world, NORTHWIND_ADMIN, 3, 0, lang)), text("the node or its device", "nw-edge-sea-01", "MX-E200-0103")],
    }),
    heldOut({
      id: "time-demain-3h-fr",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "redémarre nw-edge-sea-01 demain à 3h",
      facts: async (world, lang) => [...(await scheduledFacts(world, NORTHWIND_ADMIN, 3, 0, lang)), text("the node or its device", "nw-edge-sea-01", "MX-E200-0103")],
    }),
    heldOut({
      id: "time-tonight-0200-en",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "schedule a reboot of MX-C100-0104 tonight at 02:00",
      facts: async (world, lang) => [...(await scheduledFacts(world, NORTHWIND_ADMIN, 2, 0, lang)), text("the device", "MX-C100-0104")],
    }),
    heldOut({
      id: "time-changements-3h-fr",
      category: "time",
      user: CONTOSO_ADMIN,
      question: "des changements de config ces 3 dernières heures ?",
      facts: async (world, lang) => changeFacts(world, CONTOSO_ADMIN, CONTOSO, world.now - 3 * HOUR, lang),
    }),
    heldOut({
      id: "time-loss-last-week-en",
      category: "time",
      user: CONTOSO_ADMIN,
      question: "what was the loss on lyon ⇄ paris over the past week",
      facts: async (world, lang) => {
        const path = await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris");
        const series = await performanceOf(world, CONTOSO_ADMIN, path.id, lastHours(world, 7 * 24));
        if (series.points.length === 0) return [text("the path", path.name), say("that it has no measurement", NO_DATA, lang)];
        return [text("the path", path.name), measured("the average loss", mean(series.points.map((point) => point.lossPercent)), 0.015)];
      },
    }),
    heldOut({
      id: "time-saturday-2330-en",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "install 24.3.2 on MX-E200-0103 next saturday at 23:30",
      facts: async (world, lang) => [...(await scheduledFacts(world, NORTHWIND_ADMIN, 23, 30, lang)), text("the version", "24.3.2"), text("the device", "MX-E200-0103")],
    }),
    heldOut({
      id: "time-cette-semaine-fr",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "quelles opérations sont prévues cette semaine ?",
      facts: async (world, lang) => {
        const zone = await timeZoneOf(world, NORTHWIND_ADMIN);
        // The week ends on Sunday night: next Monday's midnight.
        const end = midnight(sinceWeekday(world.now, zone, 1), zone, 7);
        const planned = (await operationsOf(world, NORTHWIND_ADMIN, "scheduled")).filter((operation) => Date.parse(operation.scheduledAt) < end);
        if (planned.length === 0) return [say("that none is", NONE, lang)];
        return planned.map((operation) => text(`the operation on ${operation.serialNumber}`, operation.serialNumber));
      },
    }),
    heldOut({
      id: "time-finished-7d-en",
      category: "time",
      user: NORTHWIND_ADMIN,
      question: "lifecycle jobs that finished in the last 7 days?",
      facts: async (world, lang) => {
        const finished = (await operationsOf(world, NORTHWIND_ADMIN, "finished")).filter((operation) => operation.finishedAt && Date.parse(operation.finishedAt) >= world.now - 7 * DAY);
        if (finished.length === 0) return [say("that none did", NONE, lang)];
        return [...new Set(finished.map((operation) => operation.serialNumber))].map((serial) => text(`the operation on ${serial}`, serial));
      },
    }),
    heldOut({
      id: "time-alarmes-3h-fr",
      category: "time",
      user: CONTOSO_ADMIN,
      question: "alarmes levées ces 3 dernières heures ?",
      facts: async (world, lang) => {
        const raised = (await alarmsOf(world, CONTOSO_ADMIN, "acknowledged=all&state=all")).filter((alarm) => Date.parse(alarm.raisedAt) >= world.now - 3 * HOUR);
        if (raised.length === 0) return [say("that none was", NONE, lang)];
        return [...new Set(raised.map((alarm) => alarm.source))].slice(0, 4).map((source) => text(`the alarm on ${source}`, source));
      },
    }),
  ];
}
