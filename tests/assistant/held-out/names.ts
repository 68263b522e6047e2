// Names: objects by name, partial name and alias, words that are not names, unknown objects, ambiguity.
import { absent, number, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, devices, FABRIKAM_ADMIN, NORTHWIND_ADMIN, orgPaths, siteConnectors, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  BLUEWAVE,
  BLUEWAVE_ADMIN,
  CONTOSO,
  FABRIKAM,
  heldOut,
  INACTIVE,
  INITECH,
  INITECH_ADMIN,
  NORTHWIND,
  NOT_FOUND,
  say,
  siteCalled,
  sitesOf,
  stateFacts,
  WHICH_ONE,
  reachabilityFacts,
  metricNow,
} from "./facts";

export function nameCases(): EvalCase[] {
  return [
    heldOut({
      id: "names-dash-alias-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "is paris-frankfurt healthy?",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt"), lang),
    }),
    heldOut({
      id: "names-reversed-ends-en",
      sloppy: true,
      category: "names",
      user: CONTOSO_ADMIN,
      question: "hows frankfurt to paris looking today",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt"), lang),
    }),
    heldOut({
      id: "names-francfort-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "Le chemin Paris – Francfort est-il en bonne santé ?",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Frankfurt"), lang),
    }),
    heldOut({
      id: "names-count-and-inactive-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "how many sites have we got, and which ones are inactive?",
      facts: async (world, lang) => {
        const sites = await sitesOf(world, CONTOSO_ADMIN, CONTOSO);
        const inactive = sites.filter((site) => !site.active);
        return [
          number("how many sites", sites.length, 0),
          ...inactive.map((site) => text(`the inactive site ${site.name}`, site.name)),
          absent("a leftover word taken for a name", "I cannot see"),
          ...(inactive.length > 0 ? [say("the word inactive", INACTIVE, lang)] : []),
        ];
      },
    }),
    heldOut({
      id: "names-avons-nous-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "Combien de sites actifs avons-nous ?",
      facts: async (world) => {
        const sites = await sitesOf(world, CONTOSO_ADMIN, CONTOSO);
        return [number("how many are active", sites.filter((site) => site.active).length, 0), absent("a leftover word taken for a name", "Je ne vois pas")];
      },
    }),
    heldOut({
      id: "names-unknown-site-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "what's the status of our Berlin office?",
      facts: async (_world, lang) => [say("that there is no such site", NOT_FOUND, lang)],
    }),
    heldOut({
      id: "names-unknown-path-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "état du chemin Bordeaux ⇄ Nice ?",
      facts: async (_world, lang) => [say("that there is no such path", NOT_FOUND, lang)],
    }),
    heldOut({
      id: "names-quoted-unknown-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "Why is path 'Atlantis-Link' down?",
      facts: async (_world, lang) => [say("that there is no such path", NOT_FOUND, lang)],
    }),
    heldOut({
      id: "names-node-digits-en",
      category: "names",
      user: NORTHWIND_ADMIN,
      question: "how is nw-edge-fra-01 doing",
      facts: async (world, lang) => reachabilityFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-fra-01", lang),
    }),
    heldOut({
      id: "names-serial-to-node-en",
      category: "names",
      user: NORTHWIND_ADMIN,
      question: "which node is MX-E200-0102 installed in?",
      facts: async (world) => {
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === "MX-E200-0102");
        if (!device?.nodeName) throw new Error("MX-E200-0102 is on no node");
        return [text("the node", device.nodeName)];
      },
    }),
    heldOut({
      id: "names-ambiguous-madrid-en",
      category: "names",
      user: INITECH_ADMIN,
      question: "how is the madrid path",
      facts: async (world, lang) => {
        const candidates = (await orgPaths(world, INITECH_ADMIN, INITECH)).filter((path) => path.name.includes("Madrid"));
        return [...candidates.map((path) => text(`the candidate ${path.name}`, path.name)), say("a question which one", WHICH_ONE, lang)];
      },
    }),
    heldOut({
      id: "names-ambiguous-francfort-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "et le chemin de Francfort, il va bien ?",
      facts: async (world, lang) => {
        const frankfurt = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt DC");
        const candidates = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => path.sourceSiteId === frankfurt.id || path.destinationSiteId === frankfurt.id);
        return [...candidates.map((path) => text(`the candidate ${path.name}`, path.name)), say("a question which one", WHICH_ONE, lang)];
      },
    }),
    heldOut({
      id: "names-leftover-inactive-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "which of our sites are inactive at the moment?",
      facts: async (world) => [
        ...(await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => !site.active).map((site) => text(`the inactive site ${site.name}`, site.name)),
        absent("a leftover word taken for a name", "I cannot see"),
      ],
    }),
    heldOut({
      id: "names-cloud-paths-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "quels chemins avons-nous vers le cloud ?",
      facts: async (world) => {
        const cloud = new Set((await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => site.type !== "standard").map((site) => site.id));
        const paths = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => cloud.has(path.sourceSiteId) || cloud.has(path.destinationSiteId));
        return [...paths.map((path) => text(`the cloud path ${path.name}`, path.name)), absent("a leftover word taken for a name", "Je ne vois pas")];
      },
    }),
    heldOut({
      id: "names-to-aws-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "anything wrong with the path to aws?",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt ⇄ AWS"), lang),
    }),
    heldOut({
      id: "names-site-by-city-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "Que se passe-t-il sur le site de Lyon ?",
      facts: async (world, lang) => {
        const lyon = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Lyon Branch");
        return [text("the site", lyon.name), ...(lyon.active ? [] : [say("that it is inactive", INACTIVE, lang)])];
      },
    }),
    heldOut({
      id: "names-connector-en",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "give me the details of the Lyon IPsec connector",
      facts: async (world) => {
        const lyon = await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Lyon Branch");
        const connector = (await siteConnectors(world, CONTOSO_ADMIN, lyon.id)).find((candidate) => candidate.name === "Lyon IPsec");
        if (!connector) throw new Error("no connector Lyon IPsec");
        return [text("the connector", connector.name), number("its bandwidth", connector.bandwidth, 0), text("its site", lyon.name)];
      },
    }),
    heldOut({
      id: "names-customer-paths-en",
      sloppy: true,
      category: "names",
      user: NORTHWIND_ADMIN,
      question: "show me fabrikams paths pls",
      facts: async (world) => (await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM)).map((path) => text(`Fabrikam's path ${path.name}`, path.name)),
    }),
    heldOut({
      id: "names-between-ends-fr",
      category: "names",
      user: INITECH_ADMIN,
      question: "c'est quoi la latence entre Madrid et Milan en ce moment ?",
      facts: async (world, lang) => metricNow(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan", "latencyMs", lang, 0.5),
    }),
    heldOut({
      id: "names-lyon-paris-fr",
      category: "names",
      user: CONTOSO_ADMIN,
      question: "Comment va le chemin Lyon-Paris ?",
      facts: async (world, lang) => stateFacts(world, CONTOSO_ADMIN, await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris"), lang),
    }),
    heldOut({
      id: "names-core-node-fr",
      category: "names",
      user: BLUEWAVE_ADMIN,
      question: "état de bw-core-mad ?",
      facts: async (world, lang) => reachabilityFacts(world, BLUEWAVE_ADMIN, BLUEWAVE, "bw-core-mad", lang),
    }),
    heldOut({
      id: "names-three-word-path-en",
      sloppy: true,
      category: "names",
      user: INITECH_ADMIN,
      question: "is teh oracle to aws paris path ok?",
      facts: async (world, lang) => stateFacts(world, INITECH_ADMIN, await pathNamed(world, INITECH_ADMIN, INITECH, "Oracle ⇄ AWS Paris"), lang),
    }),
    heldOut({
      id: "names-other-tenant-site-en",
      category: "names",
      user: FABRIKAM_ADMIN,
      question: "where is the lyon branch located?",
      facts: async (world, lang) => [
        say("that it cannot see it", NOT_FOUND, lang),
        absent("the other tenant's site address", (await siteCalled(world, CONTOSO_ADMIN, CONTOSO, "Lyon Branch")).location.address),
      ],
    }),
  ];
}
