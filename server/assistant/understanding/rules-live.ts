import "server-only";
import { fold } from "../text";
import type { IntentRule } from "./reading";
import { ACKNOWLEDGED, asksForFacts, asksImpact, call, COUNT, defined, INVITATION_STATUS, INVITATIONS, LINKS, listRange, NODE_KIND, NODES, nodesNamed, nodeStatusCall, PER_GROUP, rule, UNACKNOWLEDGED } from "./intent-parts";

// A path's provisioned bandwidth asked, not what flows on it ("bandwidth" alone; "traffic", "usage", "utilisation" are the charts').
const PROVISIONED = /(?:^| )(?:bandwidth|bande passante|capacity|capacite)(?= |$)(?!.*(?:traffic|trafic|usage|utilisation|throughput|debit|now|right now|maintenant|en ce moment|last|past|dernier|derniere|since|depuis|most|least|highest|lowest))/;

// Invitations, devices, fabrics, nodes, lifecycle and alarms as they are.
export const LIVE_RULES: readonly IntentRule[] = [
  // "If nw-core-fra dies, who gets hit?", "rayon d'impact de nw-edge-par-01": the node's blast radius.
  rule("node-impact", "blastRadius", asksImpact, (r) => call("blastRadius", { node: nodesNamed(r)[0] })),
  rule(
    "invitations",
    "listInvitations",
    (r) => asksForFacts(r) && INVITATIONS.test(r.folded),
    (r) => call("listInvitations", defined({ status: INVITATION_STATUS.find(([pattern]) => pattern.test(r.folded))?.[1] })),
  ),
  rule("create-path", "guidePathCreation", (r) => r.has("create") && r.has("path"), (r) => call("guidePathCreation", r.pathCreation)),
  rule("create-site", "guideSiteCreation", (r) => r.has("create") && r.has("site") && !r.has("path"), (r) => call("guideSiteCreation", r.siteCreation)),
  rule(
    "device-lifecycle",
    "lifecycleOperations",
    (r) => (r.serial !== null || r.node !== null) && r.has("lifecycle") && !r.has("reach"),
    (r) => call("lifecycleOperations", { device: r.serial ?? r.node }),
  ),
  rule("device-claim", "inventory", (r) => r.serial !== null && r.has("inventory"), (r) => call("inventory", { serial: r.serial })),
  // "Why isn't MX-C100-0151 reporting?": a device's reachability is the inventory's (a spare on no node included).
  rule("device-reach", "inventory", (r) => r.serial !== null && r.node === null && r.has("reach"), (r) => call("inventory", { serial: r.serial })),
  // "Why is there a major alarm on MX-C100-0151?" about a spare (a device on no node): the inventory says what it is.
  rule("spare-device", "inventory", (r) => r.serial !== null && r.node === null && r.namedKind === "device", (r) => call("inventory", { serial: r.serial })),
  rule("device-or-node", "nodeStatus", (r) => r.serial !== null || r.node !== null, (r) => nodeStatusCall(r, r.node ?? r.serial)),
  // "Which VLAN is Paris ⇄ Frankfurt on?", "quels préfixes passent sur frankfurt ⇄ aws ?": the path's configuration.
  // "Bandwidth of the gcp-seattle path", "what bw is paris ⇄ azure on?": what the path is provisioned with, not its traffic.
  rule(
    "path-detail",
    "pathDetail",
    (r) => r.path !== null && r.namedKind !== "connector" && (r.has("pathConfig") || PROVISIONED.test(r.folded)) && asksForFacts(r) && !r.has("why"),
    (r) => call("pathDetail", { path: r.path }),
  ),
  // "Status of the global core fabric", "is the backbone ok?": a core fabric's nodes and links.
  rule(
    "fabric-status",
    "fabricStatus",
    // "Any unhealthy links in the backbone?" asks for the links (the "links" rule), not one fabric's status.
    (r) => asksForFacts(r) && (r.namedKind === "fabric" || (r.has("fabric") && r.named === null && !LINKS.test(r.folded))),
    // "What external fabrics have we got?", "nos fabrics Equinix": the external fabrics configured, with their type.
    (r) =>
      /(?:^| )(?:external|externe|externes|equinix)(?= |$)/.test(r.folded) && r.namedKind !== "fabric"
        ? call("fabricStatus", { external: true })
        : call("fabricStatus", defined({ fabric: r.namedKind === "fabric" ? r.named : undefined })),
  ),
  // "Répartition de mes équipements par statut ?", "how many devices do we have?": each status counted.
  rule(
    "devices-by-status",
    "inventory",
    (r) =>
      r.has("device") &&
      r.serial === null &&
      r.node === null &&
      !r.has("reach") &&
      (COUNT.test(r.folded) || /(?:^| )(?:repartition|breakdown|by status|par statut|per status|par etat|statuts|split)(?= |$)/.test(r.folded)),
    // "How many boxes per software version?", "par modèle": each version or model counted instead.
    (r) =>
      PER_GROUP.test(r.folded) && /(?:^| )(?:version|versions|firmware|software|sw|os|logiciel|logicielle)(?= |$)/.test(r.folded)
        ? call("inventory", { groupBy: "version" })
        : PER_GROUP.test(r.folded) && /(?:^| )(?:model|models|modele|modeles|hardware|materiel)(?= |$)/.test(r.folded)
          ? call("inventory", { groupBy: "model" })
          : call("inventory", { byStatus: true }),
  ),
  // "How many edge nodes do we run, and are any unreachable?": the MSP's nodes of a kind, counted, unreachable first.
  rule(
    "nodes",
    "listNodes",
    (r) =>
      NODES.test(r.folded) &&
      r.node === null &&
      r.serial === null &&
      r.named === null &&
      r.imperative === null &&
      !r.has("howTo") &&
      !r.has("device") &&
      !r.has("inventory") &&
      !r.has("alarm") &&
      (COUNT.test(r.folded) || r.has("reach") || /(?:^| )(?:list|show|all|which|quels|quelles|liste|any)(?= |$)/.test(r.folded)),
    (r) => {
      // "Of each kind", "edge/cpe/core": every kind counted.
      const kinds = NODE_KIND.filter(([pattern]) => pattern.test(r.folded)).map(([, kind]) => kind);
      if (kinds.length >= 2 || /(?:^| )(?:each|every|per|by|par|chaque) (?:kind|type)s?(?= |$)|(?:^| )(?:kinds|types)(?= |$)/.test(r.folded)) return call("listNodes", { groupBy: "kind" });
      return call("listNodes", defined({ kind: kinds[0], unreachable: r.has("reach") && !COUNT.test(r.folded) ? true : undefined }));
    },
  ),
  rule("silent-devices", "inventory", (r) => r.has("reach") && (r.has("device") || /(?:stopped|ne remontent)/.test(r.folded)), () => call("inventory", { silent: true })),
  rule(
    "lifecycle-operations",
    "lifecycleOperations",
    (r) => r.has("lifecycle") && !r.has("path"),
    (r) => {
      const failed = /(?:fail|failed|echoue|echec)/.test(r.folded);
      const running = /(?:running|en cours|in progress)/.test(r.folded);
      const scheduled = /(?:scheduled|planifie|upcoming|a venir|prevue?s?)/.test(r.folded);
      return call("lifecycleOperations", failed ? { tab: "finished", status: "failed" } : running ? { tab: "running" } : scheduled ? { tab: "scheduled" } : {});
    },
  ),
  rule(
    "inventory",
    "inventory",
    (r) => r.has("inventory") && (r.has("device") || /(?:inventory|inventaire)/.test(r.folded)),
    (r) => call("inventory", /(?:unassigned|not assigned|aucun noeud|spare|ne sont affectes|non affectes)/.test(r.folded) ? { status: "unassigned" } : /unclaimed|non reclame/.test(r.folded) ? { status: "unclaimed" } : {}),
  ),
  rule(
    "alarms",
    "listOpenAlarms",
    // "Is path X in alert?" asks about the path's state, not for the alarm list.
    (r) => r.has("alarm") && !(r.has("path") && r.named !== null && !/(?:^| )(?:alarm|alarms|alarme|alarmes)(?= |$)/.test(r.folded)),
    (r) =>
      call(
        "listOpenAlarms",
        // As written: "acknowledged" is not read as the verb's slip.
        defined({ severity: r.severity ?? undefined, about: (r.namedKind ? r.named : null) ?? r.properNames[0], acknowledged: ACKNOWLEDGED.test(fold(r.text)) && !UNACKNOWLEDGED.test(fold(r.text)) ? true : undefined, ...listRange(r) }),
      ),
  ),
];
