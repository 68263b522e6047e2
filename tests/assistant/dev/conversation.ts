// Follow-ups in one chat ("why?", "and the other one?", "what about the last day?", "do it") and time expressions
// (since Monday, yesterday as the calendar day, the last hours, tonight, tomorrow next to a name ending in 01).
import { approval, number, text, absent, type EvalCase, type EvalWorld } from "../../../scripts/assistant-eval/harness";
import { slaFacts, worstPath } from "../../../scripts/assistant-eval/cases";
import { average, CONTOSO_ADMIN, METRIC_WORDS, NORTHWIND_ADMIN, openAlarms, operations, orgPaths, siteNamed } from "../../../scripts/assistant-eval/world";
import { CONTOSO, currentOf, dayStart, dv, eventsBetween, HOUR, INITECH, INITECH_ADMIN, lastMonday, NORTHWIND, path, pointsBetween, slack, WORDS, yesterday } from "./support";

const contosoPath = (world: EvalWorld, name: string) => path(world, CONTOSO_ADMIN, CONTOSO, name);

/** The facts of a reboot proposal for a device with nothing pending, or of the refusal while one is pending. */
async function rebootFacts(world: EvalWorld, serial: string, time: string) {
  const pending = (await operations(world, NORTHWIND_ADMIN, "scheduled")).find((operation) => operation.serialNumber === serial);
  if (pending) return [approval("no preview while another operation is pending", false), text("the pending operation's version", pending.version ?? "reboot")];
  return [approval("a preview to approve", true), text("the device", serial), text("the time asked", time), text("the time zone", "UTC")];
}

export function conversationCases(): EvalCase[] {
  return [
    // --- conversation ---
    dv("conv-worst-why", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["which path is worst right now?"],
      question: "why?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await worstPath(world, CONTOSO_ADMIN, CONTOSO), "en"),
    }),
    dv("conv-worst-pourquoi", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["c'est quoi le pire chemin en ce moment ?"],
      question: "pourquoi ?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await worstPath(world, CONTOSO_ADMIN, CONTOSO), "fr"),
    }),
    dv("conv-pick-candidate", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["how's the paris path?"],
      question: "the one to azure",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await contosoPath(world, "Paris ⇄ Azure"), "en"),
    }),
    dv("conv-other-frankfurt", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["status of frankfurt ⇄ aws"],
      question: "and the other frankfurt one?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await contosoPath(world, "Paris ⇄ Frankfurt"), "en"),
    }),
    dv("conv-and-jitter", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["latency on frankfurt to aws right now?"],
      question: "and the jittr?",
      facts: async (world) => {
        const found = await contosoPath(world, "Frankfurt ⇄ AWS");
        const current = await currentOf(world, CONTOSO_ADMIN, found);
        return [text("the metric", METRIC_WORDS.en.jitterMs), number("the current jitter", current.jitterMs ?? -1, slack(current.jitterMs ?? 0, 0.1))];
      },
    }),
    dv("conv-range-followup", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["avg latency of paris ⇄ azure over the last hour"],
      question: "what about over the last 24 hours?",
      facts: async (world) => {
        const found = await contosoPath(world, "Paris ⇄ Azure");
        const value = average((await pointsBetween(world, CONTOSO_ADMIN, found, world.now - 24 * HOUR, world.now)).map((point) => point.latencyMs));
        return [text("the path", found.name), number("the average over a day", value, slack(value))];
      },
    }),
    dv("conv-other-initech-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["comment va Madrid ⇄ Milan ?"],
      question: "et celui vers Oracle ?",
      facts: async (world) => slaFacts(world, INITECH_ADMIN, await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle"), "fr"),
    }),
    dv("conv-site-paths-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["parle-moi de frankfurt dc"],
      question: "quels chemins passent par lui ?",
      facts: async (world) => {
        const site = await siteNamed(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt DC");
        return (await orgPaths(world, CONTOSO_ADMIN, CONTOSO))
          .filter((candidate) => candidate.sourceSiteId === site.id || candidate.destinationSiteId === site.id)
          .map((candidate) => text(`its path ${candidate.name}`, candidate.name));
      },
    }),
    dv("conv-ack-them", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["show the open alarms"],
      question: "ack them all with note 'carrier ticket 4411'",
      facts: async (world) =>
        (await openAlarms(world, CONTOSO_ADMIN, CONTOSO)).length > 0 ? [approval("a preview to approve", true), text("the note", "carrier ticket 4411")] : [approval("nothing to approve", false)],
    }),
    dv("conv-give-prefix", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["create a layer 3 path from Paris HQ to Frankfurt DC, 20 Mbps"],
      question: "prefix 10.77.0.0/24",
      facts: async () => [approval("a preview to approve", true), text("the prefix", "10.77.0.0/24"), text("the source", "Paris HQ"), text("the destination", "Frankfurt DC")],
    }),
    dv("conv-do-it-after-howto", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how would I reboot MX-E200-0103 on saturday at 04:00?"],
      question: "ok do it",
      facts: async (world) => rebootFacts(world, "MX-E200-0103", "04:00"),
    }),
    dv("conv-reboot-it-fr", "conversation", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["montre-moi nw-edge-sea-01"],
      question: "redémarre-le demain à 3h",
      facts: async (world) => rebootFacts(world, "MX-E200-0103", "03:00"),
    }),
    dv("conv-which-major", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how many alarms are open?"],
      question: "which of em are major?",
      facts: async (world) => {
        const major = (await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND)).filter((alarm) => alarm.severity === "major");
        if (major.length === 0) return [text("that none is major", "no open major", "no major", "none")];
        return major.map((alarm) => text(`the major alarm on ${alarm.source}`, alarm.source));
      },
    }),

    // --- time ---
    dv("time-since-monday", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what changed since monday?",
      facts: async (world) => {
        // Changes are the events a person made (alarms raised by the system are not changes).
        const events = (await eventsBetween(world, CONTOSO_ADMIN, lastMonday(world.now), world.now)).filter((event) => event.actor);
        const base = [absent("a weekday read as a name", "“monday”")];
        if (events.length === 0) return [...base, text("that nothing changed", ...WORDS.none.en)];
        return [...base, text("who made the latest change", events[0].actor ?? "")];
      },
    }),
    dv("time-depuis-lundi-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "latence moyenne de Paris ⇄ Azure depuis lundi",
      facts: async (world) => {
        const found = await contosoPath(world, "Paris ⇄ Azure");
        const from = lastMonday(world.now);
        // On a Monday morning the range may hold no point yet: then the answer says there is none.
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, from, world.now);
        if (points.length === 0) return [text("the path", found.name), text("that there is no measurement", "aucune mesure")];
        const value = average(points.map((point) => point.latencyMs));
        return [text("the path", found.name), text("the metric", METRIC_WORDS.fr.latencyMs), number("the average since Monday", value, slack(value))];
      },
    }),
    dv("time-yesterday-events", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what happened yesterday?",
      facts: async (world) => {
        const [from, to] = yesterday(world.now);
        const events = await eventsBetween(world, CONTOSO_ADMIN, from, to);
        // Today's changes (made as the evaluation starts) are not yesterday's.
        const today = [absent("today's change to Lyon Branch", "Lyon Branch")];
        if (events.length === 0) return [...today, text("that nothing happened", ...WORDS.none.en)];
        return [...today, text("who made yesterday's change", events[0].actor ?? events[0].source)];
      },
    }),
    dv("time-hier-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "qu'est-ce qui a changé hier ?",
      facts: async (world) => {
        const [from, to] = yesterday(world.now);
        const events = (await eventsBetween(world, CONTOSO_ADMIN, from, to)).filter((event) => event.actor);
        const today = [absent("today's change to Lyon Branch", "Lyon Branch")];
        if (events.length === 0) return [...today, text("that nothing changed", ...WORDS.none.fr)];
        return [...today, text("who made yesterday's change", events[0].actor ?? events[0].source)];
      },
    }),
    dv("time-loss-yesterday", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "average loss on paris ⇄ frankfurt yesterday",
      facts: async (world) => {
        const found = await contosoPath(world, "Paris ⇄ Frankfurt");
        const [from, to] = yesterday(world.now);
        const value = average((await pointsBetween(world, CONTOSO_ADMIN, found, from, to)).map((point) => point.lossPercent));
        // The calendar day runs from midnight to midnight, not over the last 24 hours.
        return [text("the path", found.name), text("the calendar day", "00:00", "midnight"), number("the average loss of the calendar day", value, slack(value, 0.1, 0.02))];
      },
    }),
    dv("time-last-3-hours-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "latence moyene frankfurt ⇄ aws sur les 3 dernieres heures",
      facts: async (world) => {
        const found = await contosoPath(world, "Frankfurt ⇄ AWS");
        const value = average((await pointsBetween(world, CONTOSO_ADMIN, found, world.now - 3 * HOUR, world.now)).map((point) => point.latencyMs));
        return [text("the path", found.name), number("the average over 3 hours", value, slack(value))];
      },
    }),
    dv("time-peak-jitter-2h", "time", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "peak jitter on madrid ⇄ milan ovr the past 2 hrs?",
      facts: async (world) => {
        const found = await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan");
        const value = Math.max(...(await pointsBetween(world, INITECH_ADMIN, found, world.now - 2 * HOUR, world.now)).map((point) => point.jitterMs));
        return [text("the path", found.name), number("the highest jitter", value, slack(value, 0.05))];
      },
    }),
    dv("time-today-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "perte moyenne sur Frankfurt ⇄ AWS aujourd'hui ?",
      facts: async (world) => {
        const found = await contosoPath(world, "Frankfurt ⇄ AWS");
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, dayStart(world.now), world.now);
        if (points.length === 0) return [text("the path", found.name), text("that there is no measurement", "aucune mesure")];
        const value = average(points.map((point) => point.lossPercent));
        return [text("the path", found.name), number("the average loss since midnight", value, slack(value, 0.1, 0.02))];
      },
    }),
    dv("time-tomorrow-3am-01", "time", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "restart nw-edge-sea-01 tmrw at 3 am",
      facts: async (world) => [...(await rebootFacts(world, "MX-E200-0103", "03:00")), absent("the 01 of the name read as the hour", "01:00")],
    }),
    dv("time-demain-3h-fr", "time", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "redémarre nw-edge-sea-01 demain à 3h du matin",
      facts: async (world) => [...(await rebootFacts(world, "MX-E200-0103", "03:00")), absent("the 01 of the name read as the hour", "01:00")],
    }),
    dv("time-tonight-install", "time", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "schedule the 24.3.2 install on MX-E200-0103 tonight at 02:00",
      facts: async (world) => [...(await rebootFacts(world, "MX-E200-0103", "02:00")), text("the version", "24.3.2")],
    }),
    dv("time-worst-week", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "worst latency on paris ⇄ azure this past week",
      facts: async (world) => {
        const found = await contosoPath(world, "Paris ⇄ Azure");
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, world.now - 7 * 24 * HOUR, world.now);
        const highest = Math.max(...points.map((point) => point.latencyMs));
        const peak = Math.max(...points.map((point) => point.latencyMaxMs));
        // The highest average point or the highest peak: both are a fair "worst latency".
        return [text("the path", found.name), number("the worst latency", (highest + peak) / 2, Math.max(1, (peak - highest) / 2 + slack(peak)))];
      },
    }),
    dv("time-hours-ago-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "état de Frankfurt ⇄ AWS il y a 3 heures ?",
      facts: async (world) => {
        const found = await contosoPath(world, "Frankfurt ⇄ AWS");
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, world.now - 3.25 * HOUR, world.now - 2.75 * HOUR);
        const value = average(points.map((point) => point.latencyMs));
        return [text("the path", found.name), number("its latency then", value, slack(value, 0.1, 1))];
      },
    }),
  ];
}
