import "server-only";
import type { AssistantToolName } from "@/lib/assistant/tools";
import type { GuideTask, RuleTopic } from "@/lib/assistant/tool-schemas";
import type { ConnectorKind } from "@/lib/connectors/constants";
import { NODE_NAME, type IntentRule, type Reading, type ToolIntent } from "./reading";
import type { RoleLevel } from "@/lib/auth/scopes";

// The words and small readings the intent rules share (understanding/rules-*.ts).

export const rule = (name: string, tool: AssistantToolName | null, when: IntentRule["when"], answer: IntentRule["answer"]): IntentRule => ({ name, tool, when, answer });
export const call = (toolName: AssistantToolName, input: Record<string, unknown>): ToolIntent => ({ kind: "tool", toolName, input });
export const defined = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null && value !== ""));

export function ruleTopic(reading: Reading): RuleTopic | null {
  const { folded } = reading;
  if (/(?:^| )(?:layer ?2|l2|couche ?2|niveau ?2)(?= |$).*(?:^| )(?:or|ou|vs|versus)(?= |$)|(?:^| )(?:layer ?3|l3|couche ?3)(?= |$).*(?: or | ou | vs )/.test(folded)) return "layers";
  // "Which layer is Paris ⇄ Frankfurt?" asks the path's configuration (pathDetail), not the rule.
  if (/(?:^| )(?:which layer|quelle couche|layer 2 or|l2 or l3)/.test(folded) && reading.namedKind !== "path") return "layers";
  if (/(?:^| )vlan/.test(folded) && /(?:range|plage|allowed|autorise|valid|valide|values|valeurs|can i use|puis je|min|max|between|entre|limit)/.test(folded)) return "vlan";
  // "what interface types can a node port be set to?": the interface form's types (SPEC §3).
  if (/(?:^| )(?:interface|interfaces|port|ports)(?= |$)/.test(folded) && /(?:^| )(?:type|types|kind|kinds|mode|modes)(?= |$)/.test(folded) && !reading.serial && !reading.node) return "interfaceTypes";
  if (/(?:^| )mtu(?= |$)/.test(folded)) return "mtu";
  // "can I put more than one prefix on a Layer 3 path?": the layers' rule says how many and how they are written.
  if (
    /(?:^| )(?:prefix|prefixes|prefixe|subnet|subnets|cidr)(?= |$)/.test(folded) &&
    /(?:^| )(?:more than one|several|multiple|many|plusieurs|how many|combien|format|separated|separe|separes|allowed|autorise)(?= |$)/.test(folded) &&
    reading.namedKind !== "path"
  )
    return "layers";
  if (/(?:claim code|code de reclamation|code de rattachement|code d enrolement|claim codes)/.test(folded) && /(?:long|length|characters|caracteres|longueur|combien|how many|digits|format)/.test(folded)) return "claimCode";
  if (/(?:^| )(?:name|names|nom|noms)(?= |$)/.test(folded) && /(?:long|length|characters|caracteres|longueur|short|court|minimum)/.test(folded)) return "name";
  // "Can I name a site just 'X'?", "je peux appeler un site 'A' ?": whether a name that short is allowed.
  if (/(?:^| )(?:name|call|nommer|appeler|renommer|rename)(?= |$)/.test(folded) && /(?:^| )(?:just|only|juste|seulement|single letter|one letter|une lettre|une seule lettre|one character|un caractere|un seul caractere)(?= |$)/.test(folded)) return "name";
  if (/(?:threshold|thresholds|seuil|seuils|limits of the sla|sla limits)/.test(folded)) return "slaThresholds";
  // "at what loss % does a path go from warning to bad", "à partir de quelle latence un chemin passe en mauvais ?":
  // the thresholds, asked of no path in particular.
  if (
    !reading.named &&
    /(?:^| )(?:at what|from what|what value|how much|how high|how many ms|a partir de quel|a partir de quelle|a partir de combien|a quel|a quelle|combien de ms)(?= |$)/.test(folded) &&
    /(?:^| )(?:latency|jitter|loss|latence|gigue|perte|pertes)(?= |$)/.test(folded) &&
    /(?:^| )(?:warning|bad|red|mauvais|mauvaise|degrade|alert|alerte|turn|turns|go|goes|become|becomes|passe|devient|considered|considere|flagged|before)(?= |$)/.test(folded)
  )
    return "slaThresholds";
  if (/(?:probe|probes|sonde|sondes)/.test(folded) && /(?:level|levels|niveau|niveaux|health|sante|mean|signifi)/.test(folded)) return "probeLevels";
  if (/(?:unknown|inconnu|inconnue)/.test(folded) && /(?:sla|mean|signifi|veut dire|why|pourquoi)/.test(folded) && !reading.path) return "unknownSla";
  return null;
}

const CONNECTOR_KIND_WORDS: [RegExp, ConnectorKind][] = [
  [/(?:^| )(?:ipsec|vpn|tunnel|site to site)(?= |$)/, "ipsec"],
  [/(?:^| )(?:fiber|fibre|physical|physique|cross connect|xconnect|dark fiber)(?= |$)/, "physical"],
  [/(?:^| )(?:external|externe|hosted|expressroute|direct connect|interconnect|fastconnect)(?= |$)/, "external"],
  [/(?:^| )(?:virtual|virtuel|virtuelle)(?= |$)/, "virtual"],
  [/(?:^| )(?:internet|dia)(?= |$)/, "internet"],
];

/** The kind of connector a question names ("an ipsec connector", "un connecteur fibre"), if any. */
export const connectorKindOf = (folded: string): ConnectorKind | undefined => CONNECTOR_KIND_WORDS.find(([pattern]) => pattern.test(folded))?.[1];

export function guideTopic(reading: Reading): GuideTask | "site" | "path" | null {
  const { folded } = reading;
  const has = (pattern: string) => new RegExp(`(?:^| )(?:${pattern})(?= |$)`).test(folded);
  if (has("unack|unacknowledge|un acknowledge|desacquitter|desacquitte|desacquittez")) return "unacknowledge";
  if (reading.has("invite")) return "invite";
  if (has("core fabric|core fabrics|fabric core|fabric coeur|fabrics coeur|fabric de coeur|fabrics de coeur")) return "coreFabric";
  if (has("external fabric|external fabrics|fabric externe|fabrics externes|equinix")) return "externalFabric";
  if (has("subinterface|subinterfaces|sub interface|sub interfaces|sous interface|sous interfaces")) return "subinterface";
  if (has("core node|core nodes|noeud core|noeuds core|noeud coeur|noeuds coeur|noeud de coeur|noeuds de coeur|core router|routeur coeur")) return "coreFabric";
  if (has("cpe|cpe node|noeud cpe")) return "cpeNode";
  if (has("edge node|edge nodes|noeud edge|noeuds edge|noeud de peripherie|noeuds de peripherie|edge")) return "edgeNode";
  if (has("link|links|lien|liens") && has("node|nodes|noeud|noeuds|between|entre")) return "link";
  // "Rattacher" a device is the glossary's claim; "rattacher un boîtier à un nœud" stays an assignment.
  if (has("assign|affecter|affecte|attach|rattacher") && (has("node|noeud") || (reading.has("device") && !has("rattacher")))) return "assignDevice";
  if (
    has(
      "customer organization|customer organisation|customer org|new customer|a customer|first customer|new client|organisation cliente|nouveau client|un client|premier client|" +
        "nouvelle organisation cliente",
    )
  )
    return "customer";
  if (has("msp|msps") && reading.has("create")) return "msp";
  if (has("upgrade|mettre a jour|mise a jour|update the software|mettre a jour le logiciel|reboot|restart|redemarrer|redemarre|rebooter")) return "schedule";
  // "cancel a scheduled operation": the lifecycle guide says how one is cancelled.
  if (has("cancel|annuler|annule|unschedule|deprogrammer") && reading.has("lifecycle")) return "schedule";
  if (/(?:^| )(?:claim|reclamer|reclame|rattacher|enroler|onboard a device|add a device)(?= |$)/.test(folded)) return "claim";
  // "add new boxes to the stock": devices come into the inventory by being claimed.
  // "How do devices get into stock?": by being claimed too.
  if (reading.has("device") && has("add|adding|ajouter|ajoute|rajouter|register|enregistrer|new|nouveaux|nouvelles|into stock|into the stock|into the inventory|en stock|dans le stock|dans l inventaire")) return "claim";
  if (reading.has("acknowledge")) return "acknowledge";
  if (reading.has("connector")) return "connector";
  if (reading.has("lifecycle") || /(?:schedule|planifier)/.test(folded)) return "schedule";
  if (reading.has("path")) return "path";
  if (reading.has("site")) return "site";
  return null;
}

/** The range a list of alarms or events is narrowed to: the one asked, not the span a comparison would read before it. */
export const listRange = (r: Reading) => (r.range ? { from: r.range.from, to: r.range.to } : {});

export const pathStats = (reading: Reading) =>
  call("pathStatistics", defined({ path: reading.path, metric: reading.metric ?? undefined, from: reading.range?.from, to: reading.range?.to }));

/** "How is the Paris HQ site doing?": a question about one site, not a path. */
export const aboutOneSite = (r: Reading) => /(?:^| )site(?= |$)/.test(r.folded) && !r.has("path") && !/⇄|->|→/.test(r.text);

// Verbs that join two sites ("connect A to B", "relier A à B") and words that ask whether something can be done.
export const CONNECT_WORDS = /(?:^| )(?:connect|interconnect|hook up|link up|relier|relie|reliez|raccorder|interconnecter)(?= |$)/;
export const FEASIBLE = /(?:^| )(?:feasible|possible|doable|can i|can we|could i|could we|would it fit|faisable|je peux|on peut|puis je|pouvons nous|est ce possible)(?= |$)/;
export const verbIs = (r: Reading, pattern: RegExp) => r.imperative !== null && pattern.test(r.imperative);
export const CREATE_VERB = /^(?:create|add|set up|setup|provision|make|cree|creez|creer|ajoute|ajoutez|ajouter|mets en place)$/;
// The verb's object is a site: "create a site", "add a cloud site", "ajoute un nouveau site Azure" (not "add a
// connector to the Paris site").
export const CREATES_SITE = new RegExp(
  "(?:^| )(?:create|add|set up|setup|provision|make|cree|creez|creer|ajoute|ajoutez|mets en place)" +
    "(?: (?:a|an|the|new|one|another|un|une|nouveau|nouvel|nouvelle|le|la|cloud|standard|aws|amazon|azure|microsoft|gcp|google|oracle|oci|direct|connect|dx|physical|physique|classique))* site(?= |$)",
);
export const NEEDS_SITE =
  /^(?:(?:i|we|ok|so|hi|hello|bonjour) )*(?:need|want|would like|d like|require|j ai besoin d|on a besoin d|nous avons besoin d|il nous faut|il me faut|je voudrais|on voudrait)(?: (?:a|an|one|another|un|une|1))?(?: (?:new|nouveau|nouvel|nouvelle|cloud|standard|aws|azure|gcp|oracle))* site(?= |$)/;
export const REMOVE_VERB = /^(?:remove|delete|drop|supprime|supprimez|supprimer|retire)$/;
export const REBOOT_VERB = /^(?:restart|reboot|redemarre|redemarrez|redemarrer|rebooter)$/;
export const INSTALL_VERB = /^(?:install|upgrade|installe|installez|installer|schedule|planifie|planifiez|planifier)$/;
export const CANCEL_VERB = /^(?:cancel|annule|annulez|annuler)$/;
export const ACK_VERB = /^(?:acknowledge|ack|acquitte|acquittez|acquitter)$/;

/** The catalogue, most specific first. */
/** The network's own subjects: a question about one of them is the console's, whatever else it says. */
export const NETWORK_CONCEPTS = ["path", "alarm", "device", "connector", "lifecycle", "inventory", "sla", "traffic", "port", "change"] as const;

export const COMPARE = /(?:^| )(?:compare|comparer|comparez|compared|comparison|comparaison|vs|versus|against|contre)(?= |$)/;
export const COUNT = /(?:^| )(?:how many|combien|count|nombre|total)(?= |$)/;

// Aggregates (issue 40, scope 3): a count per group ("per state", "par type", "of each kind", "L2 vs L3") or a sum.
export const PER_GROUP = /(?:^| )(?:per|each|every|by|par|chaque|breakdown|repartition|split|grouped|vs|versus)(?= |$)/;
/** A grouping asked in so many words ("breakdown by layer"), not a comparison of two things ("L2 vs L3?"). */
export const GROUPING = /(?:^| )(?:per|by|par|breakdown|repartition|split|grouped) (?:sla |the )?(?:layer|couche|state|status|etat|statut|health)s?(?= |$)/;
const LAYER_WORDS: [RegExp, "layer2" | "layer3"][] = [
  [/(?:^| )(?:layer ?2|l2|couche ?2|niveau ?2)(?= |$)/, "layer2"],
  [/(?:^| )(?:layer ?3|l3|couche ?3|niveau ?3)(?= |$)/, "layer3"],
];
export const layersOf = (folded: string) => LAYER_WORDS.filter(([pattern]) => pattern.test(folded)).map(([, layer]) => layer);
/** What a count of paths is grouped by: both layers named or "per layer"; "per (SLA) state". */
export function pathGroupOf(folded: string): "layer" | "state" | null {
  if (layersOf(folded).length === 2 || /(?:^| )(?:per|by|each|par|chaque) (?:layer|couche)(?= |$)/.test(folded)) return "layer";
  if (/(?:^| )(?:per|by|each|every|par|chaque|in each)(?: sla)? (?:state|status|health|etat|statut)s?(?= |$)|(?:^| )(?:sla states|etats sla|etat sla)(?= |$)/.test(folded)) return "state";
  return null;
}
export const SUM = /(?:^| )(?:total|totale|sum|somme|combined|cumul|cumulee?|altogether|en tout|au total)(?= |$)/;
export const BANDWIDTH_WORDS = /(?:^| )(?:bandwidth|bande passante|throughput|debit|capacity|capacite|mbps)(?= |$)/;
/** A path metric (latency, jitter, loss) ranks paths, whoever owns them: "top 5 customer paths by latency". */
export const ranksByPathMetric = (r: Reading) => r.rank !== null && (r.rank.by === "latency" || r.rank.by === "jitter" || r.rank.by === "loss");
export const ACKNOWLEDGED = /(?:^| )(?:acknowledged|acked|acquittee?s?)(?= |$)/;
export const UNACKNOWLEDGED = /(?:^| )(?:unacknowledged|unacked|not acknowledged|not acked|non acquittee?s?|pas acquittee?s?)(?= |$)/;
export const ACTIVE_WORDS = /(?:^| )(?:active|actif|actifs|active|actives|inactive|inactives|inactif|inactifs|enabled|disabled|desactive|desactives)(?= |$)/;

/** One SLA state a question names ("in warning", "dégradés"), to count or list exactly that state; null for none or several. */
export function slaStateOf(folded: string): "warning" | "bad" | "healthy" | "unknown" | null {
  const states = (
    [
      [/(?:^| )(?:warning|warnings|en alerte|avertissement)(?= |$)/, "warning"],
      // "Degraded" / "dégradé" is said of any path not healthy (warning or bad), though the French label of bad is it.
      [/(?:^| )(?:bad|mauvais|mauvaise|mauvaises)(?= |$)/, "bad"],
      // "Not healthy", "pas sains": any path not healthy, not the healthy ones.
      [/(?:^| )(?<!(?:not|pas|non) )(?:healthy|sain|sains|saine|saines)(?= |$)/, "healthy"],
      [/(?:^| )(?:unknown|inconnu|inconnus|inconnue|inconnues)(?= |$)/, "unknown"],
    ] as const
  ).filter(([pattern]) => pattern.test(folded));
  return states.length === 1 ? states[0][1] : null;
}

/** A ranking's order and size as a tool takes them (desc and no limit are the tools' defaults). */
export const rankInput = (r: Reading) => defined({ order: r.rank?.order === "asc" ? "asc" : undefined, limit: r.rank?.limit ?? undefined });

/** A ranking of paths: by the figure the question names, else by SLA state (worst first). */
export function pathRanking(r: Reading): Record<string, unknown> {
  const by = r.rank?.by;
  const sort = by === "latency" || by === "jitter" || by === "loss" ? by : by === "bandwidth" || by === "load" ? "bandwidth" : undefined;
  return sort ? { health: "all", sort, ...rankInput(r) } : defined({ health: "all", limit: r.rank?.limit ?? undefined });
}

export const NODE_KIND: [RegExp, "edge" | "cpe" | "core"][] = [
  [/(?:^| )(?:edge|peripherie|bordure)(?= |$)/, "edge"],
  [/(?:^| )cpe(?= |$)/, "cpe"],
  [/(?:^| )(?:core|coeur)(?= |$)/, "core"],
];
export const NODES = /(?:^| )(?:node|nodes|noeud|noeuds)(?= |$)/;
export const LINKS = /(?:^| )(?:link|links|lien|liens|backbone|dorsale|interconnexions?)(?= |$)/;

/** Whether the question names a time ("over the last 24 hours", "since Monday"), not only a comparison ("compare"). */
export const namesATime = (r: Reading) =>
  r.range !== null && (!r.range.compare || /(?:^| )(?:last|past|over|since|yesterday|today|week|hour|hours|day|days|month|hier|depuis|derniere?s?|semaine|heures?|jours?|mois)(?= |$)/.test(r.folded));

// A node's, a path's or the organization's details (issue 40, scope 6).
export const NOW = /(?:^| )(?:now|right now|currently|current|at the moment|atm|rn|live|actuel|actuelle|actuellement|en ce moment|maintenant|instantane)(?= |$)/;
// "invitations", "invited", "invitees" and their slips ("invitaions"), not the verb ("invite bob", "comment inviter").
export const INVITATIONS = /(?:^| )invit(?!e(?= |$)|er(?= |$)|ez(?= |$))[a-z]+(?= |$)/;
export const INVITATION_STATUS: [RegExp, "pending" | "accepted" | "expired"][] = [
  [/(?:^| )(?:pending|outstanding|open|waiting|unanswered|not accepted|not yet accepted|en attente|en cours|non acceptees?|pas encore acceptees?)(?= |$)/, "pending"],
  [/(?:^| )(?:accepted|acceptees?|joined|ont rejoint)(?= |$)/, "accepted"],
  [/(?:^| )(?:expired|expirees?|lapsed|perimees?)(?= |$)/, "expired"],
];
/** The sites a node serves are asked for: "which sites hang off nw-edge-par-01", "quels clients sont derrière". */
const asksServedSites = (r: Reading) => r.has("attached") || r.has("organizations") || (r.has("site") && !r.has("path"));
export const nodeStatusCall = (r: Reading, node: string | null) => call("nodeStatus", defined({ node, sites: asksServedSites(r) || undefined }));
/** A question about the network as it is: no request to act, no how-to, nothing to create. */
export const asksForFacts = (r: Reading) => r.imperative === null && !r.has("howTo") && !r.has("create");

/** The new path a question describes, as createPath takes it. */
export const createPathCall = (r: Reading) =>
  call(
    "createPath",
    defined({
      source: r.pathCreation.source,
      destination: r.pathCreation.destination,
      layer: r.pathCreation.layer,
      bandwidthMbps: r.bandwidthMbps ?? undefined,
      prefix: r.prefixes.length > 0 ? r.prefixes.join(", ") : undefined,
      vlanId: r.vlan ?? undefined,
    }),
  );

/** Several reads answered together. */
export const plan = (calls: ToolIntent[]): ToolIntent => ({ ...calls[0], also: calls.slice(1).map(({ toolName, input }) => ({ toolName, input })) });

/**
 * "Where do I start?", "I'm new here", "what next?", "par où commencer ?": the organization's way in, step by step
 * (folded words). Starting something named ("start a rollout") is not asked here.
 */
export const GETTING_STARTED = new RegExp(
  [
    "get(?:ting)? started",
    "(?:where|how) (?:do|should|can|shall|would) (?:i|we) (?:even |actually |really |best )?(?:start|begin)(?: with| here| out)?$",
    "(?:where|how) (?:do|should|can|shall|would) (?:i|we) (?:even |actually |really |best )?(?:start|begin) (?:with|here|out|from)(?= |$)",
    "just got (?:my |our )?(?:login|access|account)",
    "where to (?:start|begin)",
    "first (?:steps?|things? first|things? to do)",
    "what (?:should|do|must|shall|would) (?:i|we) (?:do|set up|setup|configure|create|add) first",
    "what (?:comes|goes) first",
    "(?:i m|im|i am|we re|were|we are) (?:new|a new (?:user|customer|msp|admin))(?= |$)",
    "(?:i m|im|i am) (?:the|a) new (?:\\w+ ){0,2}(?:guy|girl|person|hire|admin|administrator|engineer|user|manager|lead)(?= |$)",
    "new (?:here|to (?:this|the|maia))",
    "just (?:joined|signed up|got access|started)",
    "first time (?:here|using|on|in)",
    "what s next|whats next|what is next|what next|next steps?|what now|what do i do now",
    "where do (?:i|we) go from here",
    "(?:onboarding|setup|set up|getting started) (?:checklist|steps|guide|list)",
    "up and running",
    "par (?:ou|quoi) (?:je |on |dois je |faut il )?(?:commence|commencer|debute|debuter)",
    "(?:je|on) (?:debute|commence)(?: ici| tout juste)?$",
    "premiers? pas|premieres? etapes?",
    "(?:je suis|on est|nous sommes) (?:nouveau|nouvelle|nouveaux|nouvelles)",
    "que (?:dois je|faut il|dois-je|on doit) faire (?:en premier|d abord|maintenant|ensuite)",
    "(?:prochaine|prochaines) etapes?|quoi faire ensuite|et maintenant",
    "mise en route|(?:pour|comment) (?:bien )?(?:demarrer|commencer)",
  ]
    .map((part) => `(?:^| )(?:${part})(?= |$)`)
    .join("|"),
);

// "Can a read-only user ack alarms?", "un utilisateur en configuration uniquement peut inviter ?": a role named (folded).
const ROLE_NAMED: [RegExp, RoleLevel][] = [
  [/(?:^| )(?:read only|readonly|lecture seule|viewer|viewers)(?= |$)/, "read-only"],
  [/(?:^| )(?:configure only|configure role|configure user|configure users|configuration uniquement|configuration seule|en configuration)(?= |$)/, "configure"],
  [/(?:^| )(?:admin|admins|administrator|administrators|administrateur|administrateurs)(?= user| users| role| utilisateur| utilisateurs| account| compte| peut| peuvent| can| may|$)/, "admin"],
];
/** How many roles a question names ("admin vs configure only": 2). */
export const rolesNamed = (r: Reading) => ROLE_NAMED.filter(([pattern]) => pattern.test(r.folded)).length;

/** The question is asked of the asker's own account ("I'm configure only, can I…", "avec mon compte"). */
const OWN_ACCOUNT = /(?:^| )(?:im|i m|i am|as a|je suis|mon compte|my account|with my|avec mon|my role|mon role|en tant que)(?= |$)/;
const MAY_WORDS = /(?:^| )(?:can|may|could|allowed|able|peut|peuvent|peux|pouvez|puis|droit|autorise|autorisee|permission|permitted)(?= |$)/;

/** A role named as the subject of "may it…?", unless it is the asker's own. */
export function roleAsked(r: Reading): RoleLevel | null {
  if (OWN_ACCOUNT.test(r.folded)) return null;
  return ROLE_NAMED.find(([pattern]) => pattern.test(r.folded))?.[1] ?? null;
}

/** Whether the question asks if a role, or the asker, may do a task ("can I reboot…", "peut-il inviter…"). */
export const asksWhetherMay = (r: Reading) => r.imperative === null && !r.has("howTo") && MAY_WORDS.test(r.folded) && !PREREQUISITE.test(r.folded);
// "Do I need a connector before I can add a path?" asks what a task needs, not whether one may.
const PREREQUISITE = /(?:^| )(?:need|needs|needed|required|require|must|have to|has to|besoin|faut il|faut|necessaire|obligatoire)(?= |$)/;

// "Over 500 Mbps", "at least 1 Gbps", "plus de 200 Mb": the side of a bandwidth bound a question gives (folded).
const AT_LEAST = /(?:^| )(?:over|above|more than|greater than|bigger than|larger than|at least|min|minimum|plus de|au dessus de|superieur a|superieure a|superieurs a|au moins|depassant|>|>=)(?= |$)/;
const AT_MOST = /(?:^| )(?:under|below|less than|smaller than|at most|max|maximum|moins de|en dessous de|inferieur a|inferieure a|inferieurs a|au plus|<|<=)(?= |$)/;
export const bandwidthBound = (r: Reading): "min" | "max" | null => (AT_LEAST.test(r.folded) ? "min" : AT_MOST.test(r.folded) ? "max" : null);

/** "Cloud sites", "sites standard": the kind of site a question names (folded), not a provider's. */
export const siteKindOf = (folded: string): "cloud" | "standard" | undefined =>
  /(?:^| )cloud(?= |$)/.test(folded) ? "cloud" : /(?:^| )(?:standard|on prem|on premises|physical|physiques?)(?= |$)/.test(folded) ? "standard" : undefined;

/** Every node the question names, by its name pattern or as the names link it, in order and once each. */
export function nodesNamed(r: Reading): string[] {
  const written = [...r.text.matchAll(new RegExp(NODE_NAME.source, "gi"))].map((match) => match[0]);
  const linked = r.namedAll.filter((name) => name.kind === "node").map((name) => name.name);
  return [...new Set([...written, ...linked].map((name) => name.toLowerCase()))];
}

// "What is a connector?", "c'est quoi un connecteur au juste ?", "diff between an edge node and a cpe": an entity of the
// console defined — its guide says what it is and what it takes, whatever the question asks of one object.
const DEFINES_ENTITY =
  /(?:^| )(?:what is an?|what s an?|whats an?|what are|c est quoi (?:un|une|les|des|le|la)|qu est ce qu (?:un|une)|qu est ce que (?:les|des)|define|definition of|difference between|diff between|difference entre|quelle difference|whats the difference|what s the difference|a quoi (?:ca |cela )?sert (?:un|une|le|la|les)|(?:ca|cela) sert a quoi|sert a quoi|what (?:is|s|are) (?:an?|the) [a-z0-9]+(?: [a-z0-9]+)? (?:for|used for)|what does an? [a-z0-9]+(?: [a-z0-9]+)? do)(?= |$)/;
export const definesEntity = (r: Reading) => r.imperative === null && r.named === null && DEFINES_ENTITY.test(r.folded);
const NODE_GUIDES: [RegExp, GuideTask][] = [
  [/(?:^| )(?:edge|peripherie)(?= |$)/, "edgeNode"],
  [/(?:^| )cpe(?= |$)/, "cpeNode"],
  [/(?:^| )(?:core|coeur)(?= |$)/, "coreFabric"],
];
/** The guides of the node kinds a question sets side by side ("edge vs cpe"), when it names two or more. */
export const nodeKindGuides = (r: Reading): GuideTask[] => NODE_GUIDES.filter(([pattern]) => pattern.test(r.folded)).map(([, task]) => task);

/** A guide topic that is a task's guide (not the site's or path's creation guides, nor none). */
export const isGuideTask = (topic: ReturnType<typeof guideTopic>): topic is GuideTask => topic !== null && topic !== "site" && topic !== "path";

// "Who has access to our console?", "list our users", "qui a accès ?", "who are the admins?": the organization's users.
export const USERS_ASKED =
  /(?:^| )(?:who has access|who have access|who can access|who can log in|who can sign in|who uses|which users|list (?:the |all |our |my )?users|(?:our|the|all|my) users|how many users|users do we have|who are (?:the |our )?(?:users|admins|administrators)|who is (?:an |the )?admin|who s (?:an |the )?admin|qui a acces|qui ont acces|qui peut se connecter|quels utilisateurs|liste des utilisateurs|nos utilisateurs|les utilisateurs|combien d utilisateurs|qui est admin|qui sont les admins|qui sont les administrateurs)(?= |$)/;
const USER_ROLE: [RegExp, RoleLevel][] = [
  [/(?:^| )(?:admins|administrators|administrateurs|admin|administrateur)(?= |$)/, "admin"],
  [/(?:^| )(?:read only|readonly|lecture seule)(?= |$)/, "read-only"],
  [/(?:^| )(?:configure only|configuration uniquement|configure users)(?= |$)/, "configure"],
];
/** The one role a users question narrows to ("who are the admins?"), unless it asks for every role ("with what role"). */
export const usersRole = (r: Reading): RoleLevel | undefined =>
  /(?:^| )(?:what role|which role|their roles?|quel role|quels roles|leur role|leurs roles)(?= |$)/.test(r.folded) ? undefined : USER_ROLE.find(([pattern]) => pattern.test(r.folded))?.[1];

// "If nw-core-fra dies, who gets hit?", "blast radius of nw-edge-par-01", "si nw-core-lon tombe, qui est touché ?".
const IMPACT = /(?:^| )(?:blast radius|impact|impacted|impacts|affected|affects|who gets hit|who is hit|who would be hit|what breaks|what would break|rayon d impact|impactes?|impactees?|qui est touche|qui serait touche|qui sont touches|qu est ce qui casse)(?= |$)/;
const IF_FAILS = /(?:^| )(?:if|when|si|quand)(?= ).*(?:^| )(?:dies|died|fails|failed|goes down|went down|crashes|crashed|is down|dead|tombe|tombait|lache|est en panne|tombe en panne)(?= |$)/;
/** Whether a question asks who a node's failure would hit. */
export const asksImpact = (r: Reading) => asksForFacts(r) && nodesNamed(r).length >= 1 && (IMPACT.test(r.folded) || IF_FAILS.test(r.folded));
