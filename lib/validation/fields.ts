import { z } from "zod";
import { MTU_MAX, MTU_MIN, NAME_MIN_LENGTH, VLAN_MAX, VLAN_MIN } from "@/lib/constants";
import { messageWithValues } from "./messages";

// Field schemas shared by every entity (SPEC §5). Messages are catalogue keys (messages/*.json → validation.*),
// translated by the form on the client and by the API on the server, so both speak the user's language.

export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;

/** A name that is required ("Name is required") and at least two characters (SPEC §5). */
export const requiredName = () =>
  z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, "validation.nameRequired")
    .min(NAME_MIN_LENGTH, "validation.nameMin")
    .max(NAME_MAX_LENGTH, "validation.nameMax");

export const description = () =>
  z.string({ error: "validation.descriptionInvalid" }).trim().max(DESCRIPTION_MAX_LENGTH, "validation.descriptionMax").default("");

export const email = (requiredKey = "validation.emailRequired") =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(254, "validation.emailInvalid")
    .email("validation.emailInvalid")
    .transform((value) => value.toLowerCase());

// One line of visible text: an organization's or a person's name is quoted in mails to people outside, where a line
// break could start a line of the sender's choosing, and an invisible or direction-changing character hide or reorder
// text.
const ONE_VISIBLE_LINE = /^[^\p{Cc}\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff]*$/u;

/** An organization's name (organization, MSP, customer): a required name (SPEC §5) on one visible line. */
export const organizationName = () => requiredName().regex(ONE_VISIBLE_LINE, "validation.nameCharacters");

export const personName = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(NAME_MAX_LENGTH, "validation.personNameMax").regex(ONE_VISIBLE_LINE, "validation.nameCharacters");

/**
 * A console route relative to /organization/{organizationId}/ ("customer/site/<id>", "…#topology"): no scheme, no dot,
 * no percent sign, so it cannot leave the console. The page the chat panel reports and every link the assistant offers.
 */
export const consoleRoutePath = () => z.string().max(500).regex(/^[A-Za-z0-9/_#-]*$/);

/** A required string whose absence says which field is missing ("Region is required"). */
export const requiredText = (requiredKey: string, max = 200) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, requiredKey);

/** An id of another object the caller picks (site, connector, node…); missing → the given key. */
export const reference = (requiredKey: string) => z.string({ error: requiredKey }).trim().min(1, requiredKey).max(64, requiredKey);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** "10.0.0.0/24" → true; the address must be IPv4 and the length 0–32. */
export function isIpv4Prefix(value: string): boolean {
  const [address, length, ...rest] = value.split("/");
  if (rest.length || length === undefined || !/^\d{1,2}$/.test(length)) return false;
  return isIpv4(address) && Number(length) <= 32;
}

/** IP and Gateway (SPEC §5): "IP must be a valid IPv4 address". */
export const ipv4 = () =>
  z.string({ error: "validation.ipv4" }).trim().refine(isIpv4, { message: "validation.ipv4" });

/** IP prefix (SPEC §5): "IP Prefix must be a valid prefix (e.g. {ip}/24)". */
export const ipPrefix = () =>
  z
    .string({ error: messageWithValues("validation.ipPrefix", { ip: "10.0.0.0" }) })
    .trim()
    .superRefine((value, ctx) => {
      if (isIpv4Prefix(value)) return;
      const address = value.split("/")[0];
      ctx.addIssue({ code: "custom", message: messageWithValues("validation.ipPrefix", { ip: isIpv4(address) ? address : "10.0.0.0" }) });
    });

/** A comma-separated prefix list: "Prefix is required"; each bad entry "Invalid prefix: {prefix}". */
export const prefixList = () =>
  z
    .union([z.string(), z.array(z.string())], { error: "validation.prefixRequired" })
    .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((entry) => entry.trim()).filter(Boolean))
    .superRefine((entries, ctx) => {
      if (entries.length === 0) ctx.addIssue({ code: "custom", message: "validation.prefixRequired" });
      for (const entry of entries) {
        if (!isIpv4Prefix(entry)) ctx.addIssue({ code: "custom", message: messageWithValues("validation.prefixInvalid", { prefix: entry }) });
      }
    });

/** VLAN (SPEC §5): a number 0 to 4094. */
export const vlan = () =>
  z.coerce
    .number({ error: "validation.vlanRange" })
    .int("validation.vlanRange")
    .min(VLAN_MIN, "validation.vlanRange")
    .max(VLAN_MAX, "validation.vlanRange");

/** MTU (SPEC §5): a number 576 to 9216. */
export const mtu = () =>
  z.coerce.number({ error: "validation.mtuRange" }).int("validation.mtuRange").min(MTU_MIN, "validation.mtuRange").max(MTU_MAX, "validation.mtuRange");

/** A positive whole number of Mbps (or Gbps for switch ports). */
export const bandwidth = (max = 100_000) =>
  z.coerce
    .number({ error: "validation.bandwidthPositive" })
    .int("validation.bandwidthPositive")
    .min(1, "validation.bandwidthPositive")
    .max(max, messageWithValues("validation.bandwidthMax", { max }));

/** Location (SPEC §5): latitude, longitude and a non-empty address, chosen from the search dropdown. */
export const location = () =>
  z.object(
    {
      address: z.string({ error: "validation.location" }).trim().min(1, "validation.location").max(300, "validation.location"),
      latitude: z.number({ error: "validation.location" }).min(-90, "validation.location").max(90, "validation.location"),
      longitude: z.number({ error: "validation.location" }).min(-180, "validation.location").max(180, "validation.location"),
    },
    { error: "validation.location" },
  );

/**
 * A list's organization filter (the console of one organization shows its rows only). It narrows what the caller may
 * see and never widens it: an organization out of sight gives an empty list. Empty → absent.
 */
export const organizationFilter = () =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string({ error: "validation.organizationFilterInvalid" }).trim().max(64, "validation.organizationFilterInvalid").optional(),
  );
