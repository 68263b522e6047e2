// Coverage: a how-to for each SPEC §3 entity and §2 screen (the fields the forms ask for, with the forms' own labels),
// and permissions from the role → scopes table (lib/auth/scopes.ts, SPEC §6).
import { CLAIM_CODE_LENGTH } from "@/lib/constants";
import { ROLE_SCOPES } from "@/lib/auth/scopes";
import { translatorFor } from "@/lib/i18n/messages";
import { absent, link, number, text, type EvalCase, type Fact } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, CONTOSO_READONLY, NORTHWIND_ADMIN, OPERATOR } from "../../../scripts/assistant-eval/world";
import { BLUEWAVE_ADMIN, heldOut, type Lang, NORTHWIND, NORTHWIND_CONFIGURE, nodeOf, REFUSED, say } from "./facts";

/** A form's label in the question's language, with the other wordings a right answer may use. */
const label = (lang: Lang, key: string, ...others: string[]): Fact => text(`the field "${key}"`, translatorFor(lang)(key as never), ...others);

const NOW_LATER: Record<Lang, string[]> = { en: ["Later", "Now"], fr: ["Plus tard", "Maintenant"] };

export function coverageCases(): EvalCase[] {
  return [
    heldOut({
      id: "cov-add-site-en",
      sloppy: true,
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "how do i ad a site",
      facts: async (_world, lang) => [label(lang, "sites.form.location", "address"), label(lang, "sites.form.name"), link("the sites page", "customer/site")],
    }),
    heldOut({
      id: "cov-site-gcp-fr",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "comment créer un site GCP ?",
      facts: async (_world, lang) => [label(lang, "sites.form.gcpProjectId", "projet", "project ID"), label(lang, "sites.form.region", "region"), link("the sites page", "customer/site")],
    }),
    heldOut({
      id: "cov-site-oracle-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "how to create an oracle cloud site?",
      facts: async (_world, lang) => [label(lang, "sites.form.oracleCompartmentId", "compartment", "OCID"), label(lang, "sites.form.region")],
    }),
    heldOut({
      id: "cov-ipsec-connector-en",
      sloppy: true,
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "how do I add an ipsec conector to a site?",
      facts: async (_world, lang) => [label(lang, "connectors.fields.presharedKey", "pre-shared key", "PSK"), label(lang, "connectors.fields.mtu"), label(lang, "connectors.fields.publicIp", "public IP")],
    }),
    heldOut({
      id: "cov-connecteur-fibre-fr",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "comment ajouter un connecteur fibre (physique) ?",
      facts: async (_world, lang) => [label(lang, "connectors.fields.vlan"), label(lang, "connectors.fields.customerIp", "IP du client", "IP côté client"), label(lang, "connectors.fields.providerEdgeIp", "provider edge", "IP du fournisseur", "bordure")],
    }),
    heldOut({
      id: "cov-external-connector-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "what do I need to fill in for an external connector?",
      facts: async (_world, lang) => [label(lang, "connectors.fields.bandwidth"), label(lang, "connectors.fields.name"), absent("an IPsec field", "preshared key")],
    }),
    heldOut({
      id: "cov-l2-path-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "how do i create an L2 path between two of our sites?",
      facts: async () => [text("the VLAN", "VLAN"), text("the connectors at each end", "connector"), text("the bandwidth", "bandwidth")],
    }),
    heldOut({
      id: "cov-chemin-l3-fr",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "comment on crée un chemin L3 ?",
      facts: async () => [text("the prefix", "préfixe", "prefix"), text("the connectors", "connecteur")],
    }),
    heldOut({
      id: "cov-edge-node-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "how do I add an edge node?",
      facts: async (_world, lang) => [label(lang, "nodes.form.edgeTypes.standard"), label(lang, "nodes.form.edgeTypes.with-switch", "with a switch"), link("the edge nodes page", "msp/edgeNode")],
    }),
    heldOut({
      id: "cov-noeud-cpe-fr",
      category: "coverage",
      user: BLUEWAVE_ADMIN,
      question: "comment ajouter un nœud CPE ?",
      facts: async (_world, lang) => [label(lang, "nodes.form.location", "localisation", "adresse"), link("the CPE nodes page", "msp/cpeNode")],
    }),
    heldOut({
      id: "cov-core-node-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "how do i add a core node to Northwind Global Core?",
      facts: async () => [text("the fabric", "Northwind Global Core", "core fabric"), link("the core fabrics page", "msp/coreFabric")],
    }),
    heldOut({
      id: "cov-fabric-core-fr",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment monter une nouvelle fabric core ?",
      facts: async (_world, lang) => [label(lang, "fabrics.mesh.title", "chaque paire", "toutes les paires", "maillage", "full mesh"), link("the core fabrics page", "msp/coreFabric")],
    }),
    heldOut({
      id: "cov-equinix-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "steps to hook up equinix as an external fabric?",
      facts: async (_world, lang) => [
        label(lang, "fabrics.fields.clientId"),
        label(lang, "fabrics.fields.clientSecret"),
        link("the external fabrics page", "msp/externalFabric"),
        absent("a word of the question taken for a name", "I cannot see"),
      ],
    }),
    heldOut({
      id: "cov-lien-fr",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment créer un lien entre deux nœuds ?",
      facts: async () => [text("the fiber type", "fibre", "fiber"), text("the internet type", "internet"), text("the VLAN assigned when empty", "automatiquement", "auto")],
    }),
    heldOut({
      id: "cov-claim-box-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "got a new box with a claim code, how do I get it into our inventory?",
      facts: async (_world, lang) => [number("the claim code's length", CLAIM_CODE_LENGTH, 0), label(lang, "inventory.fields.serialNumber", "serial"), link("the inventory page", "msp/inventory")],
    }),
    heldOut({
      id: "cov-assign-device-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "how to assign a spare device to a node?",
      facts: async (_world, lang) => [label(lang, "inventory.actions.configure", "assign"), link("the inventory page", "msp/inventory")],
    }),
    heldOut({
      id: "cov-maj-logiciel-fr",
      sloppy: true,
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment faire une maj logicielle sur un boîtier ?",
      facts: async (_world, lang) => [text("the version", "version"), text("Now or Later", ...NOW_LATER[lang]), link("the lifecycle page", "msp/lifecycle")],
    }),
    heldOut({
      id: "cov-programmer-reboot-fr",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment programmer un reboot d'un équipement ?",
      facts: async (_world, lang) => [text("Now or Later", ...NOW_LATER[lang]), link("the lifecycle page", "msp/lifecycle")],
    }),
    heldOut({
      id: "cov-invite-configure-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "how do I invite someone as configure-only?",
      facts: async (_world, lang) => [label(lang, "people.roles.configure"), text("the invitations", "invitation", "invite"), link("the users page", "user")],
    }),
    heldOut({
      id: "cov-client-fr",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment ajouter une organisation cliente ?",
      facts: async (_world, lang) => [label(lang, "customers.userEmail", "e-mail", "email", "courriel"), label(lang, "customers.add", "nom"), link("the customers page", "msp/customerOrganization")],
    }),
    heldOut({
      id: "cov-add-msp-en",
      category: "coverage",
      user: OPERATOR,
      question: "how do I onboard a new MSP?",
      facts: async (_world, lang) => [label(lang, "msps.userEmail", "email", "e-mail"), label(lang, "msps.add", "add an MSP", "new MSP"), link("the MSPs page", "core/msp")],
    }),
    heldOut({
      id: "cov-language-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "where do I switch the console to french?",
      facts: async (_world, lang) => [label(lang, "userSettings.title", "settings"), link("the user settings page", "userSettings")],
    }),
    heldOut({
      id: "cov-users-page-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "where can I see who has access to our org?",
      facts: async () => [link("the users page", "user")],
    }),
    heldOut({
      id: "cov-perm-readonly-en",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "what can a read-only user do?",
      facts: async () => {
        // customer-read-only holds read scopes only: it sees, it changes nothing.
        if (ROLE_SCOPES["customer-read-only"].some((scope) => scope.endsWith(":write"))) throw new Error("read-only writes");
        return [
          text("that they can look", "view", "see", "read", "look at", "browse"),
          text("that they cannot change anything", "cannot", "can't", "not change", "no change", "not create", "not modify", "may not", "not make"),
        ];
      },
    }),
    heldOut({
      id: "cov-perm-supprimer-fr",
      category: "coverage",
      user: CONTOSO_READONLY,
      question: "est-ce que je peux supprimer des sites ?",
      facts: async (_world, lang) => [text("no", "non", "ne pouvez pas", "pas possible"), say("the reason", REFUSED, lang)],
    }),
    heldOut({
      id: "cov-perm-msp-delete-site-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "can I delete one of my customer's sites?",
      facts: async () => [
        text("that only the customer may", "only the customer", "the customer can", "the customer must", "customer has to", "customer's admin", "ask the customer", "customer themselves", "only customers"),
      ],
    }),
    heldOut({
      id: "cov-perm-my-role-en",
      category: "coverage",
      user: NORTHWIND_CONFIGURE,
      question: "what's my role and what am I allowed to do?",
      facts: async (world, lang) => {
        const me = await (await world.session(NORTHWIND_CONFIGURE)).get<{ role: string; scopes: string[] }>("/config/user");
        const facts: Fact[] = [label(lang, "people.roles.configure", me.role)];
        // Configure without the user write scope: they change the network, not the people.
        if (!me.scopes.includes("common:user:write")) facts.push(text("that they do not manage users", "users", "invite", "invitation"));
        if (me.scopes.includes("msp:lifecycle:write")) facts.push(text("that they run lifecycle jobs", "lifecycle", "reboot", "install", "upgrade"));
        return facts;
      },
    }),
    heldOut({
      id: "cov-perm-configure-fr",
      category: "coverage",
      user: CONTOSO_ADMIN,
      question: "que peut faire un utilisateur « configuration uniquement » ?",
      facts: async () => [text("that they change the configuration", "modifier", "créer", "configurer", "changer"), text("that they do not manage users", "utilisateurs", "inviter", "invitations")],
    }),
    heldOut({
      id: "cov-perm-msp-readonly-lifecycle-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "can a read-only msp user see the lifecycle page?",
      facts: async () => {
        const sees = ROLE_SCOPES["msp-read-only"].includes("msp:lifecycle:read");
        const acts = ROLE_SCOPES["msp-read-only"].includes("msp:lifecycle:write");
        return [
          text(sees ? "yes" : "no", ...(sees ? ["yes", "can see", "can view", "can open"] : ["no", "cannot", "can't"])),
          ...(acts ? [] : [text("but not schedule or cancel", "not schedule", "cannot schedule", "can't schedule", "not change", "cannot change", "not cancel", "only view", "only see", "read-only", "read only")]),
        ];
      },
    }),
    heldOut({
      id: "cov-qinq-en",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "how do i add a QinQ subinterface on an edge node?",
      facts: async (_world, lang) => [text("the QinQ EtherType", "802ad", "802.1ad"), label(lang, "nodes.ports.outerVlan", "outer VLAN", "S-VLAN")],
    }),
    heldOut({
      id: "cov-port-switch-fr",
      category: "coverage",
      user: NORTHWIND_ADMIN,
      question: "comment régler la vitesse d'un port du switch sur nw-edge-par-01 ?",
      facts: async (world) => {
        const node = await nodeOf(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-par-01");
        return [text("the unit", "Gbps", "Gbit/s", "Gb/s"), link("the node's pages", `msp/edgeNode/${node.id}`)];
      },
    }),
  ];
}
