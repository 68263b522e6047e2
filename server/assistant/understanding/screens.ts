import "server-only";
import type { GuideScreen } from "@/lib/assistant/tool-schemas";
import type { Reading } from "./reading";

// Questions about the console's screens (SPEC §2, issue 40 scope 6): "where do I change my language?", "what does the
// topology page show?", "how do I filter paths?", "comment comparer la bande passante avec la semaine dernière sur le
// tableau de bord ?". The words of each screen (folded), the most specific first: the first that matches names it.

const SCREEN_WORDS: readonly [GuideScreen, string][] = [
  ["organizationSelector", "organization selector|organisation selector|switch organization|switch organisation|switch organizations|switch to another organization|switch to another customer|switch customer|switch tenant|change organization|change organisation|other organization|another organization|selecteur d organisation|changer d organisation|basculer|passer? a une autre organisation|passer? a un autre client|changer de client"],
  ["support", "support ticket|support tickets|open a ticket|raise a ticket|file a ticket|submit a ticket|contact support|reach support|ticket d assistance|ouvrir un ticket|contacter l assistance|contacter le support|ticket de support"],
  ["apiTokens", "api token|api tokens|api key|api keys|apikey|personal token|personal tokens|access token|access tokens|bearer token|bearer|token for a script|token for my script|tokens|token|jeton d api|jetons d api|jeton personnel|jetons personnels|cle d api|cles d api|cle api|jeton|jetons"],
  ["metrics", "prometheus|metrics endpoint|metrics|scrape|scraper|grafana dashboard for the console|metriques|supervision du serveur"],
  ["webhooks", "pushed into|pushed to|push into|push them to|ticketing system|ticketing tool|servicenow|pagerduty|opsgenie|slack|outil de ticketing|webhook|webhooks|web hook|web hooks|callback url|callback|push notifications|push events|notify our ticketing|send alarms to|hmac|signature header|x maia signature|redeliver|redelivery|deliveries log|rappel http"],
  ["audit", "audit log|audit trail|audit|who changed|who did|who made the change|who deleted|who created|change log|changelog|journal d audit|qui a change|qui a modifie|qui a supprime|qui a cree|tracabilite"],
  ["csv", "csv|spreadsheet|excel|tableur|bulk import|bulk add|bulk upload|import in bulk|import them|en masse|en lot|import en masse|import csv|export csv|exporter en csv|importer un csv|importer|import|export|exporter|export to|download the list|telecharger la liste"],
  ["apiDocs", "api docs|api doc|api documentation|api reference|the api|swagger|openapi|documentation de l api|doc de l api|documentation api|l api"],
  ["documentation", "documentation|docs|doc|documentation link|lien de documentation"],
  ["userSettings", "my language|the language|language|langue|ma langue|la langue|to french|to english|in french|in english|en francais|en anglais|user settings|my settings|my profile|profile|profil|my name|first name|last name|prenom|mon nom|mon prenom|parametres utilisateur|mes parametres|my email|mon email|mon e mail|theme|dark mode|mode sombre"],
  ["organizationSettings", "organization settings|organisation settings|organization name|organisation name|rename our organization|rename the organization|rename my organization|parametres de l organisation|renommer l organisation|nom de l organisation|nom de notre organisation"],
  ["pathTopology", "path topology|view path topology|topology of a path|topology of the path|path s topology|route of a path|topologie du chemin|topologie d un chemin|voir la topologie du chemin"],
  ["switchPorts", "switch port|switch ports|port de switch|ports de switch|ports du switch|port de commutateur|ports de commutateur|ports du commutateur|switch port configuration"],
  ["nodeMonitor", "front panel|face avant|uptime|up time|temps de fonctionnement|monitor tab|monitor page|monitoring page|supervision|rx tx|rx and tx|connected sites|sites connectes|port states|etat des ports"],
  ["nodeLink", "link page|link tab|links page|links tab|links of a node|node s links|page liens|onglet liens|liens d un noeud|liens du noeud"],
  ["nodeConfiguration", "node configuration|node s configuration|configuration of a node|configuration d un noeud|configuration du noeud|properties|proprietes|interfaces|subinterface|subinterfaces|sub interface|sub interfaces|sous interface|sous interfaces|ipsec endpoint|ipsec endpoints|points de terminaison ipsec|point de terminaison ipsec|internal links|internal link|liens internes"],
  ["coreNodes", "core node|core nodes|noeud core|noeuds core|noeud coeur|noeuds coeur|noeud de coeur|noeuds de coeur"],
  ["coreFabrics", "core fabric|core fabrics|fabric core|fabrics core|fabric coeur|fabric de coeur|fabrics de coeur|link editor|editeur de liens|full mesh|maillage complet"],
  ["externalFabrics", "external fabric|external fabrics|fabric externe|fabrics externes|equinix"],
  ["edgeNodes", "edge node|edge nodes|edge|noeud de peripherie|noeuds de peripherie|noeud edge|noeuds edge"],
  ["cpeNodes", "cpe node|cpe nodes|cpe|cpes|noeud cpe|noeuds cpe"],
  ["topology", "topology|topologie|links table|link table|tableau des liens|network map|network graph|world map|carte du reseau|graphe du reseau|blast radius|rayon d impact"],
  ["lifecycle", "lifecycle|cycle de vie|schedule dialog|scheduled tab|running tab|finished tab|scheduled operations|operations planifiees"],
  ["inventory", "inventory|inventaire|claim device|claim a device|revendiquer|rattacher un equipement"],
  ["customers", "customers list|customer list|customers page|list of customers|list of our customers|liste des clients|page clients|page des clients|active sites|inactive sites|sites actifs|sites inactifs|customer organizations|organisations clientes"],
  ["msps", "msp list|msps list|msps page|list of msps|list of the msps|liste des msp|page des msp|msps|attachments|rattachements"],
  ["users", "users page|users tab|user list|users list|list of users|invitations tab|invitations page|users and invitations|utilisateurs|liste des utilisateurs|onglet invitations|page des utilisateurs|my colleagues|mes collegues|invitations|invitation|users"],
  ["alarms", "alarms page|alarm page|alarms|alarm|alarmes|alarme|show acknowledged|acknowledged alarms|alarmes acquittees"],
  ["events", "events page|events|event|event log|evenements|evenement|journal|starttime|endtime|nodeid|history|historique"],
  ["siteConfiguration", "site configuration|site s configuration|configuration of a site|configuration tab|paths tab|configure paths from|onglet chemins|onglet configuration|configuration du site|configuration d un site|chemins du site"],
  ["dashboard", "dashboard|dashboards|tableau de bord|tableaux de bord|backcast|compare with|comparer avec|top talkers|principaux emetteurs|bandwidth breakdown|repartition de la bande passante|probes|sondes|recent chats|home page|accueil|msp dashboard"],
  ["pathDetail", "path page|path detail|path details|page du chemin|page d un chemin|detail du chemin|details du chemin"],
  ["paths", "filter paths|paths list|path list|paths page|list of paths|liste des chemins|filtrer les chemins|paths|chemins|path|chemin"],
  ["sites", "sites page|add site|filter sites|sites|site|ajouter un site|filtrer les sites"],
  ["chat", "chat|chats|discussion|discussions|conversation|conversations|chat panel"],
];

const PATTERNS = SCREEN_WORDS.map(([screen, words]) => [screen, new RegExp(`(?:^| )(?:${words})(?= |$)`)] as const);
const word = (words: string) => new RegExp(`(?:^| )(?:${words})(?= |$)`);

// "Where do I …", "où puis-je …", "which page …": where something is in the console.
const WHERE = word(
  "where (?:do|can|could|would|should|will|might) (?:i|we|you|one)|where to|ou (?:puis je|peut on|je peux|on peut|dois je|trouver|voir|changer|regler|acceder|consulter|modifier)|" +
    "which (?:page|screen|tab|menu)|what (?:page|screen|tab|menu)|quelle page|quel ecran|quel onglet|quel menu|dans quel(?:le)? (?:page|ecran|onglet|menu)",
);
const WHERE_IS = word(
  "where is|where are|where s|ou est|ou sont|ou se trouve|ou se trouvent|c est ou|ca se trouve ou|se trouve ou|ca se fait ou|ou ca|where is it|where can i find it|" +
    "(?:ca |ce )?se (?:regle|change|modifie|configure|parametre|fait|trouve|passe) ou|(?:je |on )?(?:le |la |les )?(?:regle|change|modifie|trouve) ou",
);
// "What does the topology page show?", "que montre l'onglet Supervision ?", "what can I do on the inventory page?".
// "Where are my sites?" asks where they are, not where their page is.
const FEATURES = new Set<GuideScreen>(["apiTokens", "webhooks", "csv", "metrics"]);
const PLACED = new Set<GuideScreen>(["sites", "paths", "pathDetail", "edgeNodes", "cpeNodes", "coreNodes", "customers", "msps"]);
const SHOWS = word(
  "show|shows|display|displays|contain|contains|tell me|for|on it|on there|there|montre|affiche|contient|sert|a quoi sert|what can i do|what can we do|que puis je faire|que peut on faire|qu y a t il|what s on|what is on|whats on",
);
const ASKS_WHAT = word("what|whats|which|que|qu|quoi|quel|quelle");
const PAGE = word("page|pages|screen|screens|tab|tabs|view|dialog|menu|button|setting|settings|ecran|ecrans|onglet|onglets|vue|bouton|boite de dialogue|panneau|parametre|parametres|dashboard|tableau de bord");
// What one does on a screen, not a task of its own: "how do I filter paths", "comment changer ma langue".
const SCREEN_VERBS = word(
  "filter|filtrer|filtre|search|chercher|rechercher|compare|comparer|comparing|switch to|switch between|switch organization|switch organisation|basculer|passer|see|voir|view|find|trouver|look at|consulter|afficher|open|ouvrir|access|acceder|get to|go to|navigate|aller|change my|change the language|changer ma|changer la langue|changer mon|rename|renommer|contact|contacter|raise|submit|send|envoyer",
);
// "Comment comparer …", "how can one see …": a how-to whatever its verb (not "how many", "how does X compare").
const HOW = /^(?:how (?:do|can|could|would|should|to|does one|do you)|comment(?: je| on| puis je| faire pour)? (?:[a-z]+(?:er|ir|re|oir)|passe))(?= )/;
const COMPARE_TRAFFIC = word("compare|comparer|comparing|comparaison|backcast");

/** The screen a question names, by its words; the dashboard for a comparison of bandwidth with no object named. */
export function screenNamed(r: Reading): GuideScreen | null {
  const found = PATTERNS.find(([, pattern]) => pattern.test(r.folded))?.[0] ?? null;
  if (found) return found;
  return COMPARE_TRAFFIC.test(r.folded) && r.has("traffic") && r.named === null ? "dashboard" : null;
}

/**
 * The screen a question asks about — where something is, what a screen shows, how one does something there — or
 * null. `task` is the task guide the question would get (guideTopic): a how-to of a task ("how do I add a subinterface?")
 * keeps it, unless the question names a screen or asks to do what a screen does ("how do I filter paths?").
 */
export function screenAsked(r: Reading, task: string | null): GuideScreen | null {
  if (r.imperative !== null) return null;
  const screen = screenNamed(r);
  if (screen === null) return null;
  const page = PAGE.test(r.folded) || r.has("screen");
  // One node or device named ("what's the uptime of nw-edge-par-01?") asks for its figures, not for the screen.
  if ((r.node !== null || r.serial !== null) && !page) return null;
  // Tokens, webhooks and CSV files are only ever asked about as features: "how are webhooks signed?", "can I import
  // them in bulk?", "export my paths to csv" (no tool of the assistant reads or makes them).
  if (FEATURES.has(screen)) return screen;
  if (WHERE.test(r.folded) || (WHERE_IS.test(r.folded) && (page || !PLACED.has(screen)))) return screen;
  const how = r.has("howTo") || HOW.test(r.folded);
  if (page && SHOWS.test(r.folded) && ASKS_WHAT.test(r.folded) && !how) return screen;
  if (how && (task === null || page || SCREEN_VERBS.test(r.folded))) return screen;
  return null;
}

const NODE_KINDS: readonly ["edge" | "cpe" | "core", RegExp][] = [
  ["cpe", word("cpe|cpes")],
  ["core", word("core|coeur")],
  ["edge", word("edge|peripherie")],
];

/** For a node's pages: the kind of node the question names. */
export const screenNodeKind = (r: Reading) => NODE_KINDS.find(([, pattern]) => pattern.test(r.folded))?.[0];

// The screen of the page the user is on (its console route's pattern, lib/routes.ts): "what can I do on this page?".
const PAGE_SCREENS: readonly [RegExp, GuideScreen][] = [
  [/^paths\/:pathId\/pathTopology$/, "pathTopology"],
  [/(?:^paths\/:pathId|\/path\/:pathId)$/, "pathDetail"],
  [/^paths$/, "paths"],
  [/^customer\/site\/:siteId/, "siteConfiguration"],
  [/^customer\/site$/, "sites"],
  [/^(?:customer|msp)\/dashboard/, "dashboard"],
  [/^alarms$/, "alarms"],
  [/^events$/, "events"],
  [/^userSettings$/, "userSettings"],
  [/^user\/apiTokens$/, "apiTokens"],
  [/^user/, "users"],
  [/^organizationSettings$/, "organizationSettings"],
  [/^(?:msp|core)\/inventory$/, "inventory"],
  [/^msp\/lifecycle/, "lifecycle"],
  [/\/(?:edgeNode|cpeNode|coreNode)\/:nodeId\/monitor$/, "nodeMonitor"],
  [/\/(?:edgeNode|cpeNode|coreNode)\/:nodeId\/link$/, "nodeLink"],
  [/\/(?:edgeNode|cpeNode|coreNode)\/:nodeId(?:\/configuration)?$/, "nodeConfiguration"],
  [/^msp\/coreFabric/, "coreFabrics"],
  [/^msp\/externalFabric/, "externalFabrics"],
  [/^msp\/edgeNode$/, "edgeNodes"],
  [/^msp\/cpeNode$/, "cpeNodes"],
  [/^msp\/topology$/, "topology"],
  [/^msp\/customerOrganization$/, "customers"],
  [/^core\/msp$/, "msps"],
  [/^apiDocs$/, "apiDocs"],
  [/^webhooks$/, "webhooks"],
  [/^audit$/, "audit"],
  [/^chat/, "chat"],
];

/** The screen a console route pattern is ("alarms", "msp/edgeNode/:nodeId/monitor"), or null. */
export const screenOfPage = (pattern: string): GuideScreen | null => PAGE_SCREENS.find(([route]) => route.test(pattern))?.[1] ?? null;

// "What can I do on this page?", "je peux faire quoi ici ?", "what's this screen for?": the page the user is on.
const HERE = word(
  "this page|this screen|this tab|this view|here|on here|in here|ici|cette page|cet ecran|cet onglet|cette vue|sur cette page|" +
    "these columns|this column|this table|this list|these figures|these numbers|ces colonnes|cette colonne|ce tableau|cette liste|ces chiffres",
);
const WHAT_HERE = word(
  "what can i do|what can we do|what do i do|what is|whats|what s|what does|what do|what for|que puis je faire|que peut on faire|je peux faire quoi|on peut faire quoi|quoi faire|a quoi sert|que faire|c est quoi|qu est ce que|what am i looking at|que montre|what does it show|" +
    "what can i change|what can we change|what can i edit|what can i set|je peux changer quoi|on peut changer quoi|que puis je changer|que puis je modifier|je peux modifier quoi|on peut modifier quoi|que veulent dire|veulent dire quoi|ca veut dire quoi|que signifient",
);

/** The screen of the page the question points at ("this page", "ici"), when the user is on one. */
export function screenHere(r: Reading): GuideScreen | null {
  if (r.imperative !== null || !r.focus.screen || !HERE.test(r.folded) || !WHAT_HERE.test(r.folded)) return null;
  return r.focus.screen;
}
