import "server-only";
import type { CreateSiteInput, CreateSiteType } from "@/lib/assistant/action-schemas";
import type { GuideSiteCreationInput } from "@/lib/assistant/tools";
import { CLOUD_PROVIDERS, CLOUD_REGIONS, type CloudProvider } from "@/lib/sites/cloud-regions";
import { fold, quotedNames, siteTypeFromWords, UUID } from "../text";

// What a question about a new site says (issue 16, scopes 4 and 5): its name, where it is, its type, and for a cloud
// site the provider's account and region; for an MSP, the customer it is for. "Create a site called Lyon DC in Lyon",
// "add a cloud site on AWS eu-west-3 named AWS Paris", "crée un site Bordeaux à Bordeaux". Only what is written is
// read: nothing is guessed, and what is missing is asked for by the action's dry run.

// Words that end a name or a place ("… in Lyon", "… named X", "… for Contoso").
const STOP = "in|at|à|en|near|with|avec|près|pres|dans|on|sur|pour|for|chez|of type|de type|type|named|called|nommée?|appelée?|please|pls|plz|thanks|stp|svp|merci";
const END = `(?=\\s*[,.?!;]|\\s*$|\\s+(?:${STOP})(?=\\s|$))`;
const NAME_AFTER = new RegExp(`(?:^|\\s)(?:named|called|name it|call it|nomme[- ]le|appelle[- ]le|nommée?s?|appelée?s?|intitulée?)\\s+["“«]?(.+?)["”»]?${END}`, "iu");
const CITY_AFTER = new RegExp(`(?:^|\\s)(?:in|at|à|near|près de|pres de|dans)\\s+(\\p{Lu}[\\p{L}\\p{N}' .-]*?)${END}`, "u");
// "in amsterdam" typed in lower case: one or two words that are no question's word.
const CITY_LOWER = new RegExp(`(?:^|\\s)(?:in|à|dans)\\s+(?!(?:the|a|an|my|our|this|it|le|la|les|un|une|mon|ma|notre)\\s)(\\p{Ll}[\\p{L}'-]+(?: \\p{Ll}[\\p{L}'-]+)?)${END}`, "u");
// "create a site Lyon DC in Lyon", "crée un site Bordeaux à Bordeaux": a capitalised name right after "site".
const NAME_AFTER_SITE = new RegExp(`(?:^|\\s)site\\s+(?:(?:cloud|standard)\\s+)?["“«]?(\\p{Lu}[\\p{L}\\p{N}'’ .-]*?)["”»]?${END}`, "u");
const CUSTOMER = new RegExp(
  `(?:^|\\s)(?:for|pour|chez)\\s+(?:(?:the\\s+)?customer\\s+|(?:le\\s+)?client\\s+)?["“«]?(\\p{Lu}[\\p{L}\\p{N}&'’ .-]*?)["”»]?${END}`,
  "u",
);
const DESCRIPTION = /(?:description|described as|décrit comme)\s*[:=]?\s*(?:«\s*([^»]+?)\s*»|“([^”]+)”|"([^"]+)")/i;
const CLOUD_WORD = /(?:^| )cloud(?= |$)/;

// A cloud account as each provider writes it: a 12-digit AWS account, an Azure subscription GUID, an OCI OCID, a GCP
// project id after its label; any other account after its label (the dry run validates it).
const ACCOUNTS = [
  /(?<![\d-])(\d{12})(?![\d-])/,
  new RegExp(`(${UUID.source})`, "i"),
  /\b(ocid1\.[a-z]+\.[a-z0-9-]+\.[a-z0-9-]*\.[a-z0-9]+)/i,
  /(?:project|projet)(?:\s+id)?\s*[:=]?\s*([a-z][a-z0-9-]{4,28}[a-z0-9])(?![\w-])/,
  /(?:account|compte|subscription|abonnement|compartment|compartiment)(?:\s+id)?\s*[:=]?\s*((?=[\w.-]*\d)[\w][\w.-]{3,})/i,
];

const REGION_CODES = CLOUD_PROVIDERS.flatMap((provider) => CLOUD_REGIONS[provider].map((region) => ({ provider, code: region.code })));

/** The provider region codes written in a text ("eu-west-3", "francecentral"), longest first. */
function regionIn(text: string): { code: string; providers: CloudProvider[] } | null {
  const lower = text.toLowerCase();
  const found = REGION_CODES.filter(({ code }) => new RegExp(`(?<![\\w-])${code.replace(/[-]/g, "\\-")}(?![\\w-])`).test(lower)).sort((a, b) => b.code.length - a.code.length);
  if (found.length === 0) return null;
  const code = found[0].code;
  return { code, providers: found.filter((entry) => entry.code === code).map((entry) => entry.provider) };
}

const firstGroup = (match: RegExpExecArray | null) => match?.slice(1).find((group) => group !== undefined)?.trim() || undefined;

/** A name is not a type word alone ("crée un site Azure …" names no site). */
const realName = (name: string | undefined) => (name && !(siteTypeFromWords(name) && name.trim().split(/\s+/).length === 1) ? name : undefined);

/** The guides' reading of a site question: its name, city and type. */
export function siteCreationInput(text: string): GuideSiteCreationInput {
  const input: GuideSiteCreationInput = {};
  const name = quotedNames(text)[0] ?? NAME_AFTER.exec(text)?.[1]?.trim();
  if (name) input.name = name;
  const city = CITY_AFTER.exec(text)?.[1]?.trim();
  if (city && !siteTypeFromWords(city) && city !== name) input.city = city;
  const type = siteTypeFromWords(text.replace(name ?? "", " "));
  if (type) input.type = type;
  return input;
}

/** What one line of a site request says. */
function readLine(line: string): CreateSiteInput {
  const name = realName(quotedNames(line)[0] ?? NAME_AFTER.exec(line)?.[1]?.trim() ?? NAME_AFTER_SITE.exec(line)?.[1]?.trim());
  const organization = CUSTOMER.exec(line)?.[1]?.trim();
  const city = (CITY_AFTER.exec(line) ?? CITY_LOWER.exec(line))?.[1]?.trim();
  const region = regionIn(line);
  const rest = [name, organization, city].reduce<string>((text, part) => (part ? text.replace(part, " ") : text), line);
  const named = siteTypeFromWords(rest);
  let type: CreateSiteType | undefined = named ?? (CLOUD_WORD.test(fold(rest)) ? "cloud" : undefined);
  // A region of one provider says which cloud when the words did not ("a cloud site in eu-west-3").
  if ((type === undefined || type === "cloud") && region?.providers.length === 1) type = region.providers[0];
  const input: CreateSiteInput = {
    name,
    organization,
    location: city && !siteTypeFromWords(city) && !regionIn(city) ? city : undefined,
    type,
    region: region?.code,
    account: ACCOUNTS.map((pattern) => pattern.exec(line)?.[1]).find(Boolean),
    description: firstGroup(DESCRIPTION.exec(line)),
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as CreateSiteInput;
}

const LEAD_IN = /^(?:it s|it is|its|call it|name it|named|called|the name is|c est|le nom est|nomme le|appelle le|in|at|a|à|for|pour|chez)\s+/i;

/** An answer that only gives a value ("Lyon DC", "Bordeaux"), without the words that would say which. */
function bareValue(answer: string): string | null {
  const value = answer
    .trim()
    .replace(/[.!?;]+$/, "")
    .replace(LEAD_IN, "")
    .replace(/^["“«]\s*|\s*["”»]$/g, "")
    .trim();
  return value.length >= 1 && value.length <= 100 ? value : null;
}

/**
 * The new site a request asks for, with the answers to the dry run's questions read after it: each line is read for
 * what it says ("named …", "in …", a region, an account), the later lines correcting the earlier; an answer that only
 * gives a value fills the first field still missing — the name, then the place (for a standard site), then the customer.
 */
export function siteActionInput(request: string, answers: readonly string[] = []): CreateSiteInput {
  const input: CreateSiteInput = {};
  for (const line of [...request.split("\n"), ...answers.flatMap((answer) => answer.split("\n"))]) Object.assign(input, readLine(line));
  for (const answer of answers) {
    const said = readLine(answer);
    if (Object.keys(said).length > 0) continue;
    const value = bareValue(answer);
    if (!value) continue;
    const cloud = input.type !== undefined && input.type !== "standard";
    if (!input.name) input.name = value;
    else if (!cloud && !input.location) input.location = value;
    else if (!input.organization) input.organization = value;
    else if (!input.location) input.location = value;
  }
  return input;
}
