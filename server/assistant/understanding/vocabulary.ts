import "server-only";

// The words of what users ask a network console, in English and French, folded (lib/locations/text.ts: lower case, no
// accents, punctuation as spaces). Each concept is a list of words or phrases; the intent catalogue (intents.ts)
// combines them. Every word here is also left out when the name of an object is read from a question.

export const VOCABULARY = {
  path: "path|paths|chemin|chemins|circuit|circuits|liaison|liaisons|tunnel|tunnels|pipe|pipes|tuyau|tuyaux|wan|sd wan|sdwan|overlay",
  site: "site|sites",
  alarm: "alarm|alarms|alarme|alarmes|alert|alerts|alerte|alertes|alerting|alarming",
  change:
    "change|changes|changed|changement|changements|modification|modifications|modifie|modifiee|event|events|evenement|evenements|history|historique|audit|journal|logs|what happened|s est passe|a change|ont change|edited|updated|a bouge|ont bouge|bouge",
  unhealthy:
    "not healthy|unhealthy|degraded|degrading|degrade|degradee|degrades|degradees|breach|breaches|breaching|breached|depassent|depasse|depassement|bad|warning|problem|problems|issue|issues|pas en bonne sante|pas sain|pas sains|pas saine|pas saines|mauvais|mauvaise|en alerte|souci|soucis|failing|wrong|broken|panne|en panne|lentes|lents|down|flapping|flappe|rame|rament|ramer|lag|lagging|laggy|sluggish",
  sla: "sla|slas|latency|latence|jitter|gigue|loss|perte|pertes|health|healthy|sante|state|etat|status|statut|doing|going|va|performance|quality|qualite|behaving|comporte",
  why: "why|how come|pourquoi|comment ca se fait|cause|causes|caused|reason|raison|root cause|cause probable|likely|explain|explique|expliquer|expliquez|broke|break|breaks|breaking|casse|casser|casserait|a casse",
  statistic: "average|avg|mean|moyenne|moyen|p95|p99|95th|percentile|centile|max|maximum|min|minimum|peak|pic",
  port: "port|ports|interface|interfaces|front panel|face avant|panel|panneau",
  device: "device|devices|equipement|equipements|boitier|boitiers|appliance|appliances|box|boxes|serial|serie",
  reach:
    "reachable|joignable|joignables|reporting|remontent|remonte|stopped reporting|silent|silencieux|not reporting|ne remontent plus|offline|hors ligne|unreachable|injoignable|injoignables|online|en ligne|gone dark|went dark|dark",
  version: "version|versions|software|logiciel|logicielle|firmware|running|tourne|runs",
  lifecycle:
    "lifecycle|cycle de vie|operation|operations|install|installation|installations|installs|upgrade|upgrades|mise a jour|mises a jour|reboot|reboots|redemarrage|redemarrages|restart|restarts|scheduled|planifie|planifiee|planifiees|planifies|job|jobs|fail|failed|echoue|echec",
  inventory: "inventory|inventaire|unassigned|not assigned|spare|spares|affecte|affectes|affectee|claimed|claim|reclame|reclamer|stock|assigned",
  connector: "connector|connectors|connecteur|connecteurs|conecteur|conecteurs|conector|conectors",
  // An MSP's own network: its nodes and the links between them (never part of a name: "CPE" is a kind, not a site).
  backbone: "node|nodes|noeud|noeuds|cpe|cpes|link|links|lien|liens|uplink|uplinks|backbone|dorsale",
  // A node's or a path's details (issue 40, scope 6): what hangs off a node, a path's configuration, core fabrics.
  attached:
    "connected|attached|hanging off|hangs off|hang off|raccorde|raccordes|raccordee|raccordees|racorde|racordes|rattache|rattaches|connecte|connectes|branche|branches|desservi|desservis",
  nodeLoad: "uptime|up time|cpu|cpus|memory|memoire|processor|processeur|load average|temps de fonctionnement|en service depuis",
  pathConfig:
    "prefix|prefixes|prefixe|subnet|subnets|sous reseau|sous reseaux|cidr|vlan|vlans|vlan id|layer|couche|configuration|config|" +
    "provisioned|provisionne|provisionnee|how fat|how big|how wide|how large|sized|dimensionne|dimensionnee",
  fabric: "fabric|fabrics|fabrique|fabriques|backbone|core network|reseau coeur|coeur de reseau|dorsale",
  utilisation: "utilisation|utilization|usage|used|utilise|load|charge|busy",
  headroom: "room|place|headroom|left|remaining|free|disponible|restant|restante|fit|fits|capacity|capacite|could i add|can i add|puis je ajouter|enough|assez|another|de plus",
  traffic: "bandwidth|bw|bande passante|traffic|trafic|throughput|debit|consumption|consommation|use|used|utilise|utilisee",
  talkers: "top talkers|talkers|talker|plus gros emetteurs|plus gros|emetteurs|top sources|top destinations|consumers",
  withoutPaths: "no path|no paths|without path|without paths|without any path|aucun chemin|sans chemin|sans chemins|n ont aucun chemin|have no path",
  howTo:
    "how do i|how can i|how to|how do we|how should i|comment je|comment on|comment puis je|comment faire|comment creer|comment ajouter|comment inviter|comment planifier|comment reclamer|comment rattacher|comment acquitter|comment configurer|comment mettre|comment affecter|comment relier|comment desacquitter|comment supprimer|comment modifier|how would i|how would we|what do i need to|what do i need|what info|what information|what details|which fields|il faut quoi|faut quoi|comment rajouter|comment annuler|comment changer|comment on fait|on fait comment|je fais comment|je le cree comment|je la cree comment|on le cree comment|on la cree comment|cree comment|creer comment|quelles infos|quelles informations|de quoi ai je besoin|steps|walk me|procedure|etapes|que dois je faire|what do i do|ca se fait comment|se fait comment|comment ca se fait|how does one|how do you|how would you|" +
    // Where a value goes, what to prepare, step by step, what goes wrong: how-to questions as people type them.
    "where do i put|where do i enter|where do i type|where do i set|where do i fill|where does the|where do i add|ou je mets|ou est ce que je mets|ou mettre|ou saisir|ou je saisis|ou je le mets|" +
    "what do i need ready|what should i have ready|what do we need ready|what should we have ready|what to prepare|what do i prepare|que dois je preparer|quoi preparer|on doit preparer quoi|" +
    "step by step|pas a pas|etape par etape|how do we get|how do i get|how do they get|how does it get|how do devices get|how does a device get|" +
    "what am i doing wrong|what are we doing wrong|keeps failing|keeps saying|keeps telling|qu est ce que je fais mal|je fais quoi de travers|ca echoue|n arrete pas de dire|" +
    "first or|en premier ou|d abord ou|how do we bring|how do i bring|how do we onboard|how do i onboard|comment on integre|comment integrer|" +
    "claim ou|reclame ou|reclamer ou|le mets ou|les mets ou|comment mon nouveau|comment ma nouvelle|comment un nouveau|comment une nouvelle|comment nos nouveaux|comment nos nouvelles|" +
    "arrivent dans le|arrive dans le|arrivent dans l|se retrouvent dans|se retrouve dans|get into the|gets into the|end up in the|ends up in the",
  // The console's screens as such (SPEC §2): "the dashboard", "which tab", "cet écran".
  screen: "page|pages|screen|screens|tab|tabs|onglet|onglets|ecran|ecrans|dashboard|dashboards|tableau de bord|tableaux de bord",
  invite: "invite|inviter|invitation|invitations|colleague|collegue|coworker|new user|nouvel utilisateur",
  acknowledge: "acknowledge|acknowledging|acquitter|acquitte|acquittement|ack",
  organizations: "customers|customer|clients|client|organizations|organization|organisations|organisation|tenants|tenant",
  define: "what does|what do|what is|what are|mean|means|meaning|signifie|signifient|veut dire|definition|qu est ce|c est quoi|whats a|what s a",
  create: "create|creating|add|adding|new|rajouter|rajoute|rajoutez|set up|setup|provision|build|make|creer|cree|creez|ajouter|ajoute|ajoutez|nouveau|nouvelle|mettre en place",
  remove: "remove|delete|supprime|supprimer|supprimez|retire|retirer|effacer|drop",
  // What the assistant does not do: the world outside the console.
  elsewhere:
    "weather|wheather|weahter|forecast|meteo|rain|pluie|snow|neige|joke|jokes|blague|blagues|funny|drole|football|soccer|match|" +
    "who won|qui a gagne|recipe|recette|cook|cuisine|movie|movies|film|films|song|songs|chanson|poem|poeme|news|actualites|stock|" +
    "stocks|bourse|bitcoin|crypto|horoscope|president|capital of|capitale de|python|javascript|write me a|ecris moi|translate|" +
    "traduis|traduire|essay|homework|devoirs|restaurant|restaurants|hotel|hotels|vacation|vacances|birthday|anniversaire",
} as const;

export type Concept = keyof typeof VOCABULARY;

const PATTERNS = Object.fromEntries(
  Object.entries(VOCABULARY).map(([concept, words]) => [concept, new RegExp(`(?:^| )(?:${words})(?= |$)`)]),
) as Record<Concept, RegExp>;

/** Whether folded text holds a word or phrase of a concept. */
export const mentions = (folded: string, concept: Concept) => PATTERNS[concept].test(folded);

/** The single words of every concept (phrases split): never part of an object's name. */
export const VOCABULARY_WORDS: ReadonlySet<string> = new Set(Object.values(VOCABULARY).flatMap((words) => words.split("|").flatMap((phrase) => phrase.split(" "))));
