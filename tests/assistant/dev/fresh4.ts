// A fourth fresh batch of development questions (issue 40, round 3): follow-ups in a conversation typed as engineers
// type them — a go-ahead after a how-to, "and <a name the user cannot see>?", "list em" after a count, "the day
// before", "the l3 one", "là-dessus", a metric alone after a path's state, a time changed on a proposal, an
// acknowledgement of one path's alarms, sites "down" — in English and French. Written apart from the failing questions
// they generalise; every fact is read from the API when the question is asked.
import { absent, approval, number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, FABRIKAM_ADMIN, NORTHWIND_ADMIN, openAlarms, orgPaths, siteNamed, type ApiPath } from "../../../scripts/assistant-eval/world";
import { alarmsOn, mbps, SEVERITY_WORDS } from "./fresh";
import { averageFacts, metricFacts, reachableFacts } from "./fresh2";
import { ackFacts, dayWords, mspDevices, rebootIn, roomAt, sitesOf } from "./fresh3";
import { CONTOSO, currentOf, DAY, dayStart, dv, FABRIKAM, INITECH, INITECH_ADMIN, lastMonday, NORTHWIND, path, WORDS } from "./support";
import { SLA_THRESHOLDS, type Locale } from "@/lib/constants";

/** A new Layer 2 path between Fabrikam's Seattle and Dublin offices: a preview where it fits, else why not. */
async function newFabrikamPath(world: EvalWorld, bandwidth: number, vlan: number, locale: Locale): Promise<Fact[]> {
  const paths = await orgPaths(world, FABRIKAM_ADMIN, FABRIKAM);
  const seattle = await siteNamed(world, FABRIKAM_ADMIN, FABRIKAM, "Seattle Office");
  const dublin = await siteNamed(world, FABRIKAM_ADMIN, FABRIKAM, "Dublin Office");
  const fits = (await roomAt(world, FABRIKAM_ADMIN, seattle.id, paths, bandwidth, vlan)) && (await roomAt(world, FABRIKAM_ADMIN, dublin.id, paths, bandwidth, vlan));
  if (!fits) return [approval("no preview where it does not fit", false), text("why not", locale === "en" ? "connector" : "connecteur", "VLAN")];
  return [approval("a preview to approve", true), text("the VLAN", String(vlan)), text("the bandwidth", ...mbps(bandwidth))];
}

/** The one path of a layer at a site, named; the site's other paths not. */
async function theLayerOne(world: EvalWorld, email: string, organization: string, site: string, layer: ApiPath["layer"]): Promise<Fact[]> {
  const at = await siteNamed(world, email, organization, site);
  const touching = (await orgPaths(world, email, organization)).filter((found) => found.sourceSiteId === at.id || found.destinationSiteId === at.id);
  const ofLayer = touching.filter((found) => found.layer === layer);
  if (ofLayer.length !== 1) throw new Error(`expected one ${layer} path at ${site}, found ${ofLayer.length}`);
  return [text("the path", ofLayer[0].name), ...touching.filter((found) => found !== ofLayer[0]).map((found) => absent(`the other path (${found.name})`, found.name))];
}

/** A path's open alarms in the question's language, or that none is open; the alarms elsewhere not. */
async function alarmsOnPath(world: EvalWorld, name: string, locale: Locale): Promise<Fact[]> {
  const open = await openAlarms(world, CONTOSO_ADMIN, CONTOSO);
  const on = alarmsOn(open, name);
  if (on.length === 0) return [text("that none is open", ...WORDS.none[locale], ...(locale === "en" ? ["no open alarm"] : []))];
  return [
    ...on.map((alarm) => text(`the ${alarm.severity} alarm`, ...SEVERITY_WORDS[locale][alarm.severity])),
    ...open.filter((alarm) => !on.includes(alarm)).map((alarm) => absent(`an alarm elsewhere (${alarm.source})`, alarm.source)),
  ];
}

/** The inactive sites of Contoso, named, and that they are inactive; or that all are active. */
async function inactiveSites(world: EvalWorld, locale: Locale): Promise<Fact[]> {
  const inactive = (await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => !site.active);
  if (inactive.length === 0) return [text("that all are active", ...(locale === "en" ? ["all", "none"] : ["tous", "aucun"]))];
  return [...inactive.map((site) => text(`the inactive site ${site.name}`, site.name)), text("that it is inactive", ...WORDS.inactive[locale])];
}

export function fresh4Cases(): EvalCase[] {
  const initech = (world: EvalWorld, name: string) => path(world, INITECH_ADMIN, INITECH, name);
  return [
    // --- a go-ahead after a how-to: the how-to's request as a proposal ---
    dv("f4-conv-sure-book-it", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how do i schedule a reboot of MX-E200-0102 on saturday at 4am?"],
      question: "sure, book it",
      facts: async (world) => rebootIn(world, "MX-E200-0102", "04:00", "en"),
    }),
    dv("f4-conv-yep-create-it", "conversation", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      history: ["how do i make a l2 path seattle office -> dublin office, 30mbps, vlan 333"],
      question: "yep go ahead and create it",
      facts: async (world) => newFabrikamPath(world, 30, 333, "en"),
    }),
    dv("f4-conv-ok-cree-le-fr", "conversation", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      history: ["comment créer un chemin l2 de 40 mbps entre seattle office et dublin office vlan 334 ?"],
      question: "ok crée-le",
      facts: async (world) => newFabrikamPath(world, 40, 334, "fr"),
    }),
    // --- "and <a name>?" that the user cannot see: said so, not the help text ---
    dv("f4-conv-and-bluewave", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how many paths does fabrikam have"],
      question: "and globex?",
      unseen: true,
      facts: async () => [text("that it is not seen", ...WORDS.notFound.en, "not one of your", "not a customer")],
    }),
    dv("f4-conv-et-globex-fr", "conversation", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["combien de chemins a contoso ?"],
      question: "et umbrella ?",
      unseen: true,
      facts: async () => [text("that it is not seen", ...WORDS.notFound.fr)],
    }),
    // --- "list em" after a count: the same list, its rows ---
    dv("f4-conv-show-me-them", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how many spare devices do we have?"],
      question: "show me them",
      facts: async (world) => {
        const { spare } = await mspDevices(world, NORTHWIND_ADMIN);
        return spare.length === 0 ? [text("that none is", ...WORDS.none.en)] : spare.map((device) => text(`the device ${device.serialNumber}`, device.serialNumber));
      },
    }),
    dv("f4-conv-lesquels-fr", "conversation", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["combien d'équipements non affectés ?"],
      question: "lesquels ?",
      facts: async (world) => {
        const { spare } = await mspDevices(world, NORTHWIND_ADMIN);
        return spare.length === 0 ? [text("that none is", ...WORDS.none.fr)] : spare.map((device) => text(`the device ${device.serialNumber}`, device.serialNumber));
      },
    }),
    // --- "the day before", "la veille", "the week before that": the range before the one asked ---
    dv("f4-conv-day-before-lat", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["avg latency madrid ⇄ milan yesterday"],
      question: "what about the day before",
      facts: async (world) => {
        const day = dayStart(world.now) - 2 * DAY;
        return [...(await averageFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "latencyMs", [day, day + DAY], "en")), text("the day asked", ...dayWords(day, "en"))];
      },
    }),
    dv("f4-conv-la-veille-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["gigue moyenne de madrid ⇄ milan hier ?"],
      question: "et la veille ?",
      facts: async (world) => {
        const day = dayStart(world.now) - 2 * DAY;
        return [...(await averageFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "jitterMs", [day, day + DAY], "fr")), text("the day asked", ...dayWords(day, "fr"))];
      },
    }),
    dv("f4-conv-week-before-that", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["avg loss paris ⇄ frankfurt last week"],
      question: "and the week before that?",
      facts: async (world) => {
        const monday = lastMonday(world.now) - 14 * DAY;
        return averageFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt"), "lossPercent", [monday, monday + 7 * DAY], "en");
      },
    }),
    // --- "the l3 one", "the bad one": among what the turn before listed, by its layer or state ---
    dv("f4-conv-the-l3-one", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["list paths at frankfurt dc"],
      question: "the l3 one - prefixes?",
      facts: async (world) => theLayerOne(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt DC", "layer3"),
    }),
    dv("f4-conv-celui-en-l2-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["chemins de madrid office ?"],
      question: "et celui en l2, il va bien ?",
      facts: async (world) => theLayerOne(world, INITECH_ADMIN, INITECH, "Madrid Office", "layer2"),
    }),
    dv("f4-conv-the-bad-one-why", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["show initech paths"],
      question: "the bad one, why?",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        const states = await Promise.all(paths.map(async (found) => (await currentOf(world, INITECH_ADMIN, found)).sla));
        const bad = paths.filter((_, index) => states[index] === "bad");
        if (bad.length === 0) return [text("that no path is bad now", "no path", "none")];
        return bad.map((found) => text(`the bad path ${found.name}`, found.name));
      },
    }),
    // --- a word that points back: "là-dessus", "on that one" ---
    dv("f4-conv-la-dessus-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["latence de paris ⇄ frankfurt ?"],
      question: "des alarmes là-dessus ?",
      facts: async (world) => alarmsOnPath(world, "Paris ⇄ Frankfurt", "fr"),
    }),
    dv("f4-conv-alarms-on-that-one", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["hows frankfurt ⇄ aws"],
      question: "any alarms on that one?",
      facts: async (world) => alarmsOnPath(world, "Frankfurt ⇄ AWS", "en"),
    }),
    // --- a metric alone after a path's state: that figure now ---
    dv("f4-conv-and-loss-now", "conversation", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      history: ["how is gcp ⇄ seattle doing rn"],
      question: "and loss?",
      facts: async (world) => metricFacts(world, FABRIKAM_ADMIN, await path(world, FABRIKAM_ADMIN, FABRIKAM, "GCP ⇄ Seattle"), "lossPercent"),
    }),
    dv("f4-conv-et-la-gigue-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["état de madrid ⇄ milan ?"],
      question: "et la gigue ?",
      facts: async (world) => metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "jitterMs", "fr"),
    }),
    // --- a proposal's time changed: the same request at the new time ---
    dv("f4-conv-make-it-4am-instead", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["reboot MX-E200-0102 sunday 2am"],
      question: "hmm make it 4am instead",
      facts: async (world) => rebootIn(world, "MX-E200-0102", "04:00", "en"),
    }),
    dv("f4-conv-plutot-5h-fr", "conversation", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["redémarre MX-E200-0102 dimanche à 2h"],
      question: "plutôt à 5h",
      facts: async (world) => rebootIn(world, "MX-E200-0102", "05:00", "fr"),
    }),
    // --- an acknowledgement of one path's alarms: only those ---
    dv("f4-act-ack-path-alarms", "actions", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "ack alarms on paris ⇄ frankfurt",
      facts: async (world) => ackFacts(world, CONTOSO_ADMIN, CONTOSO, (alarm) => alarm.source.includes("Paris ⇄ Frankfurt")),
    }),
    dv("f4-act-acquitte-lyon-fr", "actions", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "acquitte les alarmes de lyon ⇄ paris",
      facts: async (world) => ackFacts(world, CONTOSO_ADMIN, CONTOSO, (alarm) => alarm.source.includes("Lyon ⇄ Paris")),
    }),
    // --- sites "down": the inactive ones ---
    dv("f4-live-sites-down-atm", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "which sites are down atm?",
      facts: async (world) => inactiveSites(world, "en"),
    }),
    dv("f4-conv-hors-service-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["liste nos sites"],
      question: "lesquels sont hors service ?",
      facts: async (world) => inactiveSites(world, "fr"),
    }),
    // --- a site's state and two reads in one question ---
    dv("f4-live-frankfurt-dc-active", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "frankfurt dc still active?",
      facts: async (world) => {
        const site = (await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Frankfurt DC");
        if (!site) throw new Error("no site Frankfurt DC");
        return site.active ? [text("that it is active", "active"), absent("that it is inactive", "inactive")] : [text("that it is inactive", "inactive")];
      },
    }),
    dv("f4-live-lyon-branch-actif-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "lyon branch est actif ou pas ?",
      facts: async (world) => {
        const site = (await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Lyon Branch");
        if (!site) throw new Error("no site Lyon Branch");
        return site.active ? [text("that it is active", "actif"), absent("that it is inactive", "inactif")] : [text("that it is inactive", "inactif")];
      },
    }),
    dv("f4-plan-bad-paths-and-alarms", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "degraded paths and the alarms on them?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const states = await Promise.all(paths.map(async (found) => (await currentOf(world, CONTOSO_ADMIN, found)).sla));
        const unhealthy = paths.filter((_, index) => states[index] === "warning" || states[index] === "bad");
        const open = await openAlarms(world, CONTOSO_ADMIN, CONTOSO);
        return [
          ...(unhealthy.length === 0 ? [text("that all are healthy", "healthy", "all")] : unhealthy.map((found) => text(`the unhealthy path ${found.name}`, found.name))),
          ...(open.length === 0 ? [text("that no alarm is open", "no open", "none")] : open.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source))),
        ];
      },
    }),
    dv("f4-plan-chemins-alarmes-fr", "plans", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "chemins pas sains + leurs alarmes",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        const states = await Promise.all(paths.map(async (found) => (await currentOf(world, INITECH_ADMIN, found)).sla));
        const unhealthy = paths.filter((_, index) => states[index] === "warning" || states[index] === "bad");
        const open = await openAlarms(world, INITECH_ADMIN, INITECH);
        return [
          ...(unhealthy.length === 0 ? [text("that all are healthy", "sain", "tous")] : unhealthy.map((found) => text(`the unhealthy path ${found.name}`, found.name))),
          ...(open.length === 0 ? [text("that no alarm is open", "aucune")] : open.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source))),
        ];
      },
    }),
    // --- names as engineers write them: metro codes, French word order ---
    dv("f4-names-sea-dub-loss", "names", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "loss sea -> dub rn",
      facts: async (world) => metricFacts(world, FABRIKAM_ADMIN, await path(world, FABRIKAM_ADMIN, FABRIKAM, "Seattle ⇄ Dublin"), "lossPercent"),
    }),
    dv("f4-names-fra-aws-pkts", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "jitter fra -> aws pls",
      facts: async (world) => metricFacts(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS"), "jitterMs"),
    }),
    dv("f4-names-cpe-de-lyon-fr", "names", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "le cpe de lyon est joignable ?",
      facts: async (world) => reachableFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-cpe-contoso-lyon", "fr"),
    }),
    dv("f4-names-edge-de-francfort-fr", "names", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "le edge de francfort répond toujours ?",
      facts: async (world) => reachableFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-fra-01", "fr"),
    }),
    // --- "since this morning": from its start until now ---
    dv("f4-time-since-this-morning", "time", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "avg latency madrid ⇄ milan since this morning?",
      facts: async (world) => averageFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "latencyMs", [dayStart(world.now), world.now], "en"),
    }),
    dv("f4-time-depuis-ce-matin-fr", "time", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "gigue moyenne gcp ⇄ seattle depuis ce matin",
      facts: async (world) => averageFacts(world, FABRIKAM_ADMIN, await path(world, FABRIKAM_ADMIN, FABRIKAM, "GCP ⇄ Seattle"), "jitterMs", [dayStart(world.now), world.now], "fr"),
    }),
    // --- a threshold asked of no path in particular ---
    dv("f4-cov-ms-before-bad", "coverage", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "how many ms of latency before a path turns bad?",
      facts: async () => [text("latency", "latency"), number("the latency bad threshold (ms)", SLA_THRESHOLDS.latencyMs.bad, 0)],
    }),
    dv("f4-cov-perte-mauvais-fr", "coverage", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "à partir de quelle perte un chemin passe en mauvais ?",
      facts: async () => [text("loss", "perte"), number("the loss bad threshold (%)", SLA_THRESHOLDS.lossPercent.bad, 0)],
    }),
  ];
}
