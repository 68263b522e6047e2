import "server-only";
import type { IntentRule } from "./reading";
import { ACK_VERB, call, CANCEL_VERB, CONNECT_WORDS, CREATE_VERB, createPathCall, CREATES_SITE, defined, FEASIBLE, INSTALL_VERB, NEEDS_SITE, REBOOT_VERB, REMOVE_VERB, rule, verbIs } from "./intent-parts";

// Requests to act (scope 5): each tool runs its dry run before asking for approval.
const REBOOT_NOUN = /(?:^| )(?:reboot|restart|redemarrage)(?= |$)/;

export const ACTION_RULES: readonly IntentRule[] = [
  // Actions (scope 5): requests that start with their verb. Each tool runs its dry run before asking for approval.
  rule(
    "action-create-path",
    "createPath",
    (r) => verbIs(r, CREATE_VERB) && r.has("path") && Boolean(r.pathCreation.source && r.pathCreation.destination),
    createPathCall,
  ),
  // "i want to connect Lyon Branch to Frankfurt DC, 100 Mbps", "je peux monter un chemin de 800 Mbps entre A et B ?":
  // whether it fits is the createPath dry run's answer (the ends' headroom first, then what is missing), never a preview
  // the user did not ask for unless everything is given and fits.
  rule(
    "path-feasibility",
    "createPath",
    (r) =>
      r.bandwidthMbps !== null &&
      !r.has("howTo") &&
      Boolean(r.pathCreation.source && r.pathCreation.destination) &&
      (CONNECT_WORDS.test(r.folded) || (r.has("path") && FEASIBLE.test(r.folded))),
    createPathCall,
  ),
  rule("action-create-site", "createSite", (r) => verbIs(r, CREATE_VERB) && CREATES_SITE.test(r.folded), (r) => call("createSite", r.siteAction)),
  // "need a new site for fabrikam in amsterdam, call it Amsterdam Lab": a request once it names the site.
  rule(
    "action-create-site-needed",
    "createSite",
    (r) => NEEDS_SITE.test(r.folded) && typeof r.siteAction.name === "string" && !r.has("howTo"),
    (r) => call("createSite", r.siteAction),
  ),
  // "delete Lyon Branch", "supprime le site X"; "delete our cloud site" names none: asked which, never guessed.
  rule("action-delete-site", "deleteSite", (r) => verbIs(r, REMOVE_VERB) && (r.has("site") || r.namedKind === "site") && r.named !== null, (r) => call("deleteSite", { site: r.named })),
  rule(
    "action-delete-site-unnamed",
    "listSites",
    (r) => verbIs(r, REMOVE_VERB) && r.has("site") && r.named === null,
    (r) =>
      call(
        "listSites",
        defined({
          kind: /(?:^| )(?:cloud|aws|azure|gcp|oracle)(?= |$)/.test(r.folded) ? "cloud" : /(?:^| )(?:standard|physical|physique|on prem|on premises)(?= |$)/.test(r.folded) ? "standard" : undefined,
          pick: "delete",
        }),
      ),
  ),
  rule(
    "action-reboot",
    "scheduleOperation",
    // "schedule a reboot of …", "planifie un redémarrage de …": the verb schedules, the noun says what.
    (r) => (verbIs(r, REBOOT_VERB) || (verbIs(r, /^(?:schedule|planifie|planifiez|planifier)$/) && REBOOT_NOUN.test(r.folded))) && (r.serial !== null || r.node !== null),
    (r) => call("scheduleOperation", defined({ device: r.serial ?? r.node, operation: "reboot", at: r.at?.toISOString() })),
  ),
  rule(
    "action-install",
    "scheduleOperation",
    (r) => verbIs(r, INSTALL_VERB) && (r.serial !== null || r.node !== null),
    (r) => call("scheduleOperation", defined({ device: r.serial ?? r.node, operation: "install-version", version: r.version ?? undefined, at: r.at?.toISOString() })),
  ),
  rule("action-cancel", "cancelOperation", (r) => verbIs(r, CANCEL_VERB) && (r.serial !== null || r.node !== null), (r) => call("cancelOperation", { device: r.serial ?? r.node })),
  rule(
    "action-acknowledge",
    "acknowledgeAlarms",
    (r) => verbIs(r, ACK_VERB) && r.has("alarm"),
    // A capitalised word of the note ("vu avec le NOC") is the note's, not what the alarms are about.
    (r) => call("acknowledgeAlarms", defined({ severity: r.severity ?? undefined, note: r.note ?? undefined, about: (r.namedKind && r.named && !r.note?.includes(r.named) ? r.named : null) ?? r.properNames.find((name) => !r.note?.includes(name)) })),
  ),
  rule(
    "headroom-check",
    "connectorUsage",
    // "What's the max bandwidth I could give a new path on Paris DIA?": what the connector leaves free.
    (r) =>
      r.named !== null &&
      ((r.has("headroom") && (r.bandwidthMbps !== null || r.has("connector"))) ||
        (r.namedKind === "connector" && /(?:^| )(?:max|maximum|most|how much|combien|au plus|le plus)(?= |$)/.test(r.folded) && r.has("traffic"))),
    (r) => call("connectorUsage", defined({ connector: r.named, bandwidthMbps: r.bandwidthMbps ?? undefined })),
  ),
];
