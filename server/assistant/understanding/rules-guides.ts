import "server-only";
import { screenAsked, screenHere, screenNodeKind } from "./screens";
import type { IntentRule } from "./reading";
import { asksForFacts, asksWhetherMay, call, connectorKindOf, defined, GETTING_STARTED, guideTopic, roleAsked, rolesNamed, rule, USERS_ASKED, usersRole } from "./intent-parts";

const ROLE_WORD = "(?:admin|admins|administrator|administrateur|configure only|configure|configuration uniquement|read only|readonly|lecture seule)";
/** Two roles set against each other: "admin vs configure only", "lecture seule ou administrateur". */
const ROLES_AGAINST = new RegExp(`(?:^| )${ROLE_WORD} (?:and|vs|versus|or|et|ou|compared to|par rapport a) ${ROLE_WORD}(?= |$)`);

const LOOKING_AT = /(?:^| )(?:what am i looking at|what are we looking at|what is this|whats this|what s this|what does this (?:page|screen) show|qu est ce que je vois|que montre (?:cette page|cet ecran))(?= |$)/;

const WORKS =
  /(?:^| )(?:how (?:do|can|would|will) (?:i|we) (?:tell|know|check|see|verify|confirm)(?: if| that| whether)?|how to (?:tell|know|check|verify)(?: if| that| whether)?|comment (?:savoir|verifier|voir) (?:si|que|qu)|comment je sais (?:si|que)|est ce que (?:ca|il) (?:marche|fonctionne))(?= |$).*(?:^| )(?:work|works|working|up|running|ok|fine|marche|fonctionne|passe|tourne|operationnel)(?= |$)/;

// How-to, screens and permissions (scope 6).
export const GUIDE_RULES: readonly IntentRule[] = [
  // "Where do I start?", "I'm new here, what first?", "what's next", "par où commencer ?": the steps, checked now.
  // "First time here, what am I looking at?" on a page asks about the page, not for the steps.
  rule("getting-started", "gettingStarted", (r) => GETTING_STARTED.test(r.folded) && r.imperative === null && !(LOOKING_AT.test(r.folded) && screenHere(r) !== null), () =>
    call("gettingStarted", {}),
  ),
  // "What can I do on this page?", "je peux faire quoi ici ?": the screen of the page the user is on.
  rule("this-screen", "guideScreen", (r) => screenHere(r) !== null, (r) => call("guideScreen", { screen: screenHere(r) })),
  // "Where do I change my language?", "what does the topology page show?", "how do I filter paths?" (scope 6).
  rule(
    "screen-guide",
    "guideScreen",
    (r) => screenAsked(r, guideTopic(r)) !== null,
    (r) => {
      const screen = screenAsked(r, guideTopic(r));
      return call("guideScreen", defined({ screen, nodeKind: screen === "nodeMonitor" || screen === "nodeLink" || screen === "nodeConfiguration" ? screenNodeKind(r) : undefined }));
    },
  ),
  // "Just made my first path, how do I tell if it's actually working?", "comment savoir si mon chemin marche ?": where a
  // path's SLA is read (its page), not how to create one. A path named asks for its own state instead.
  rule(
    "path-working",
    "guideScreen",
    (r) => r.imperative === null && r.named === null && r.has("path") && WORKS.test(r.folded),
    () => call("guideScreen", { screen: "pathDetail" }),
  ),
  rule(
    "how-to",
    null,
    (r) => r.has("howTo") && guideTopic(r) !== null,
    (r) => {
      const topic = guideTopic(r)!;
      if (topic === "site") return call("guideSiteCreation", r.siteCreation);
      if (topic === "path") return call("guidePathCreation", r.pathCreation);
      return call("guideTask", defined({ task: topic, connectorKind: topic === "connector" ? connectorKindOf(r.folded) : undefined }));
    },
  ),
  // "Who has access to our console and with what role?", "qui sont les admins ?": the organization's users.
  rule("users", "listUsers", (r) => asksForFacts(r) && USERS_ASKED.test(r.folded), (r) => call("listUsers", defined({ role: usersRole(r) }))),
  // "Can a read-only user ack alarms?", "je peux redémarrer un boîtier avec mon compte ?": yes or no for that role and
  // task first, then the task's guide.
  rule(
    "role-may",
    "guideTask",
    (r) => {
      const topic = asksWhetherMay(r) ? guideTopic(r) : null;
      return topic !== null && topic !== "site" && topic !== "path";
    },
    (r) => call("guideTask", defined({ task: guideTopic(r), role: roleAsked(r) ?? undefined, may: true })),
  ),
  // "What can a configure-only user do?", "what's my role?", "can I invite people?": the role → scopes table.
  rule(
    "permissions",
    "guideTask",
    (r) =>
      r.imperative === null &&
      /(?:^| )(?:what can i|what may i|what can a|what can an|what can the|what am i allowed|am i allowed|allowed to|permission|permissions|my role|mon role|quel role|quel est mon role|que puis je faire|que peut faire|peut faire un|peut faire une|droits|can i invite|puis je inviter|role|roles|read only user|configure only user|ai le droit|le droit de faire|mes droits|my rights|my permissions|what can i do|what am i able to do|what am i able to|am i able to|avec mon compte|with my account)(?= |$)/.test(r.folded) ||
      // "diff between admin and configure only?", "configure-only account here, what…": roles named against each other or as one's own.
      (r.imperative === null && !r.has("howTo") && (rolesNamed(r) >= 2 || ROLES_AGAINST.test(r.folded))) ||
      (r.imperative === null && /(?:^| )(?:configure only|read only|lecture seule|configuration uniquement) (?:account|user|compte|utilisateur|role)(?= |$)/.test(r.folded) && !r.has("path") && !r.has("site")),
    // "Can I invite people?", "am I allowed to claim devices?": that task's guide, which says whether the role may.
    (r) => {
      const topic = /(?:^| )(?:can i|may i|am i allowed to|puis je|ai je le droit de|est ce que je peux)(?= |$)/.test(r.folded) ? guideTopic(r) : null;
      return topic && topic !== "site" && topic !== "path" ? call("guideTask", { task: topic }) : call("guideTask", { task: "roles" });
    },
  ),
];
