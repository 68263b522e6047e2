// How-to for the product's entities and screens (SPEC §2, §3), permissions from the role → scopes table, and a few
// onboarding rules, with their figures from the modules the forms validate with.
import { hasScopes, ROLE_SCOPES, type Role } from "@/lib/auth/scopes";
import { CLAIM_CODE_LENGTH, MTU_MAX, MTU_MIN, type Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { connectorLoad } from "@/lib/paths/headroom";
import { link, number, text, type EvalCase, type Fact } from "../../../scripts/assistant-eval/harness";
import { connectorNamed, CONTOSO_ADMIN, CONTOSO_READONLY, NORTHWIND_ADMIN, orgPaths, OPERATOR } from "../../../scripts/assistant-eval/world";
import { CONTOSO, dv, NORTHWIND, NORTHWIND_CONFIGURE, NORTHWIND_READONLY } from "./support";

const roleLabel = (locale: Locale, level: "admin" | "configure" | "readOnly") => translatorFor(locale)(`people.roles.${level}` as never);

const MAY_CHANGE: Record<Locale, string[]> = { en: ["create", "change", "edit", "modify"], fr: ["créer", "modifier", "changer"] };
const NO_USERS: Record<Locale, string[]> = {
  en: ["not manage users", "cannot manage users", "can't manage users", "cannot invite", "can't invite", "not invite", "no user management", "only an admin", "only admins"],
  fr: ["pas gérer les utilisateurs", "ne peut pas inviter", "pas inviter", "pas les utilisateurs", "seul un administrateur", "seuls les administrateurs"],
};
export const NO_CHANGES: Record<Locale, string[]> = {
  en: ["cannot change", "can't change", "not change", "no changes", "cannot make changes", "can't make changes", "view only", "only view", "only read", "changes nothing"],
  fr: ["ne peut rien modifier", "ne pouvez rien modifier", "pas modifier", "aucune modification", "consulter", "ne modifie rien"],
};

/** What a role may do, read from the one role → scopes table. */
function permissionFacts(role: Role, locale: Locale): Fact[] {
  const scopes = ROLE_SCOPES[role];
  const facts: Fact[] = [];
  facts.push(hasScopes(scopes, ["common:config:write"]) ? text("that it may change the configuration", ...MAY_CHANGE[locale]) : text("that it changes nothing", ...NO_CHANGES[locale]));
  if (hasScopes(scopes, ["common:config:write"]) && !hasScopes(scopes, ["common:user:write"])) facts.push(text("that it may not manage users", ...NO_USERS[locale]));
  return facts;
}

export function coverageCases(): EvalCase[] {
  return [
    dv("cov-core-fabric", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do I set up a new core fabirc?",
      facts: async () => [text("its core nodes", "core node"), text("the full mesh of links", "full mesh", "every pair", "each pair"), link("the core fabrics page", "msp/coreFabric")],
    }),
    dv("cov-external-fabric-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment configurer une fabric externe Equinix ?",
      facts: async () => [text("the client ID", "client ID", "identifiant client", "ID client"), text("the client secret", "secret"), link("the external fabrics page", "msp/externalFabric")],
    }),
    dv("cov-edge-switch", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do i create an edge node with a switch?",
      facts: async () => [text("the edge type", "With Switch"), text("the switch ports' bandwidth unit", "Gbps"), link("the edge nodes page", "msp/edgeNode")],
    }),
    dv("cov-cpe-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment ajouter un nœud CPE ?",
      facts: async () => [text("its IPsec endpoint", "IPsec"), link("the CPE nodes page", "msp/cpeNode")],
    }),
    dv("cov-link-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment ajouter un lien entre deux nœuds ?",
      facts: async () => [text("the link types", "fibre"), text("its cost", "coût"), number("the lowest MTU", MTU_MIN, 0), number("the highest MTU", MTU_MAX, 0)],
    }),
    dv("cov-assign-device-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment affecter un boîtier à un nœud ?",
      facts: async () => [text("the assign step", "Affecter", "affecter"), link("the inventory page", "msp/inventory")],
    }),
    dv("cov-upgrade-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment mettre à jour le logiciel d'un boîtier ?",
      facts: async () => [text("the version to install", "version"), text("now or later", "Maintenant", "Plus tard"), link("the lifecycle page", "msp/lifecycle")],
    }),
    dv("cov-customer-org", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do I onboard a new customer organization?",
      facts: async () => [text("its first user's email", "email"), text("its name", "name"), link("the customers page", "msp/customerOrganization")],
    }),
    dv("cov-add-msp", "coverage", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "how do I add an MSP?",
      facts: async () => [text("the Add MSP button", "Add MSP"), link("the MSPs page", "core/msp")],
    }),
    dv("cov-ipsec-connector", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what do I need to set up an ipsec conector?",
      facts: async () => [text("the preshared key", "preshared key", "pre-shared key"), text("the MSS", "MSS"), text("the SA lifetimes", "phase 1", "phase1"), text("NAT traversal", "NAT")],
    }),
    dv("cov-physical-connector-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quels champs pour un connecteur fibre physique ?",
      facts: async () => [text("the customer IP", "IP client"), text("the provider edge IP", "fournisseur", "provider edge"), text("the VLAN", "VLAN")],
    }),
    dv("cov-oracle-site-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment créer un site Oracle ?",
      facts: async () => [text("the compartment ID", "compartiment", "compartment"), text("a region", "région"), link("the sites page", "customer/site")],
    }),
    dv("cov-configure-only", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what can a configure-only user do?",
      facts: async () => [text("the role", roleLabel("en", "configure"), "configure"), ...permissionFacts("customer-configure", "en")],
    }),
    dv("cov-readonly-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "que peut faire un utilisateur en lecture seul ?",
      facts: async () => [text("the role", roleLabel("fr", "readOnly")), ...permissionFacts("customer-read-only", "fr")],
    }),
    dv("cov-my-role", "coverage", "en", {
      user: CONTOSO_READONLY,
      organization: CONTOSO,
      question: "what's my role and what am I allowed to do?",
      facts: async (world) => {
        const me = await (await world.session(CONTOSO_READONLY)).get<{ role: Role }>("/config/user");
        return [text("the role", me.role, roleLabel("en", "readOnly"), "read-only"), ...permissionFacts(me.role, "en")];
      },
    }),
    dv("cov-my-role-msp-configure", "coverage", "en", {
      user: NORTHWIND_CONFIGURE,
      organization: NORTHWIND,
      question: "can i invite people?",
      facts: async (world) => {
        const me = await (await world.session(NORTHWIND_CONFIGURE)).get<{ role: Role }>("/config/user");
        const may = hasScopes(ROLE_SCOPES[me.role], ["common:user:write"]);
        return may
          ? [text("that it may", "you can invite", "you may invite", "your role allows")]
          : [text("that it may not", "cannot invite", "can't invite", "may not invite", "not allowed to invite", "does not allow", "doesn't allow", "no permission"), text("who may", "admin")];
      },
    }),
    dv("cov-unack", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how do i unack an alarm",
      facts: async () => [text("the show-acknowledged toggle", "show acknowledged"), text("the action", "unacknowledge", "Unacknowledge"), link("the alarms page", "alarms")],
    }),
    dv("cov-subinterface", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do I add a subinterface on a node?",
      facts: async () => [text("its outer VLAN", "outer VLAN"), text("its EtherType", "EtherType", "8021q", "802ad")],
    }),
    dv("cov-backcast-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment comparer la bande passante avec la semaine dernière sur le tableau de bord ?",
      facts: async () => [text("the backcast comparison", "backcast", "comparaison"), text("the options", "1 semaine", "une semaine")],
    }),

    // --- screens (SPEC §2): what a screen shows, what one does there, whether the asker's kind of user has it ---
    dv("cov-screen-language", "coverage", "en", {
      user: CONTOSO_READONLY,
      organization: CONTOSO,
      question: "where do i change my language?",
      facts: async () => [text("the Language field", "Language"), link("the user settings page", "userSettings")],
    }),
    dv("cov-screen-filter-paths-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment filtrer la liste des chemins ?",
      facts: async () => [text("the filter box", "Filtrer les chemins..."), link("the paths page", "paths")],
    }),
    dv("cov-screen-node-events", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "where can I see the events of one node only?",
      facts: async () => [text("the node filter", "nodeId"), text("the range", "From (UTC)"), link("the events page", "events")],
    }),
    dv("cov-screen-uptime-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "où voir le temps de fonctionnement d'un nœud ?",
      facts: async () => [text("the monitor tab", "Supervision"), text("the front panel", "Face avant"), link("the nodes page", "msp/edgeNode")],
    }),
    dv("cov-screen-topology-customer", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what does the topology page show?",
      facts: async () => [text("the links table", "Links"), text("who has it", "MSP"), text("that a customer has not", "not in your organization")],
    }),
    dv("cov-screen-msps-operator", "coverage", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "which page shows the MSPs and their attachments?",
      facts: async () => [text("the columns", "Attachments"), text("the add button", "Add MSP"), link("the MSPs page", "core/msp")],
    }),
    dv("cov-screen-api-docs", "coverage", "en", {
      user: NORTHWIND_READONLY,
      organization: NORTHWIND,
      question: "how do i open the api docs",
      facts: async () => [text("the API's root", "/api/v1"), link("the API documentation", "apiDocs")],
    }),
    dv("cov-screen-switch-org-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment basculer sur la console d'un de mes clients ?",
      facts: async () => [text("the search box", "Rechercher une organisation"), text("the group", "Clients")],
    }),
    dv("cov-screen-support", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how can I open a support ticket?",
      facts: async () => [text("the Support button", "Support"), text("the ticket reference", "reference")],
    }),
    dv("cov-screen-lifecycle-readonly", "coverage", "en", {
      user: NORTHWIND_READONLY,
      organization: NORTHWIND,
      question: "what can I do on the lifecycle page?",
      facts: async () => [text("the start options", "Now"), text("the tabs", "Scheduled"), text("who may schedule", roleLabel("en", "admin")), link("the lifecycle page", "msp/lifecycle")],
    }),
    dv("cov-screen-backcast-msp", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "where do I compare this week's bandwidth with last week?",
      facts: async () => [text("the comparison", "Compare with"), text("the options", "1 week"), link("the MSP dashboard", "msp/dashboard")],
    }),
    dv("cov-screen-inventory-operator-fr", "coverage", "fr", {
      user: OPERATOR,
      organization: "Maia",
      question: "que montre la page inventaire ?",
      facts: async () => [text("the add button", "Ajouter un équipement"), link("the operator's inventory", "core/inventory")],
    }),

    // --- onboarding ---
    dv("onb-max-on-dia", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what's the max bandwidth I could give a new path on Paris DIA?",
      facts: async (world) => {
        const connector = await connectorNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris DIA");
        return [number("what is free on it", connectorLoad(connector, await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).free, 0)];
      },
    }),
    dv("onb-claim-code-typo", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many charcters in a claim cod?",
      facts: async () => [number("the claim code length", CLAIM_CODE_LENGTH, 0)],
    }),
  ];
}
