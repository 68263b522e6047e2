import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { linkNames, topCandidates } from "@/server/assistant/names/link";
import { chatNames } from "@/server/assistant/names/lexicon";
import { loadChatScope } from "@/server/assistant/scope";
import { resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { organizationId, signIn } from "./helpers";

// The names a chat may speak of, read with the caller's visibility on the demo network: another tenant's names are
// not in it (a question naming them links nothing, as for a name that does not exist), and a write is seen at once.
process.env.TEST_SEED_NETWORK = "1";

const org: Record<string, string> = {};

async function namesFor(email: string, organization: string) {
  const cookie = await signIn(email);
  const db = await getDb();
  const principal = await resolveSession(db, decodeURIComponent(cookie.split("=")[1]));
  if (!principal) throw new Error(`no session for ${email}`);
  const scope = await loadChatScope({ db, principal, requestId: randomUUID() }, org[organization]);
  if (!scope) throw new Error(`${email} does not see ${organization}`);
  return chatNames(scope);
}

const named = (index: Awaited<ReturnType<typeof namesFor>>, kind: string) =>
  index.forms.filter((form) => form.entry.kind === kind).map((form) => form.entry.name);

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Northwind Networks"]) org[name] = await organizationId(name);
});

describe("the names of a chat", () => {
  it("holds the customer's own sites, paths and connectors, and no other tenant's", async () => {
    const contoso = await namesFor("admin@contoso.example", "Contoso");
    expect(new Set(named(contoso, "site"))).toEqual(new Set(["AWS eu-central-1", "Azure West Europe", "Frankfurt DC", "Lyon Branch", "Paris HQ"]));
    expect(named(contoso, "path")).toContain("Paris ⇄ Frankfurt");
    expect(named(contoso, "connector").length).toBeGreaterThan(0);
    // A customer sees no provider node.
    expect(named(contoso, "node")).toEqual([]);
    const fabrikamSites = named(await namesFor("admin@fabrikam.example", "Fabrikam"), "site");
    expect(fabrikamSites.length).toBeGreaterThan(0);
    for (const name of fabrikamSites) expect(linkNames(`why is ${name} down?`, contoso, new Set(["why", "is", "down"])), name).toEqual([]);
  });

  it("finds a path by its ends' sites and by a city in French, and an MSP's node by its device's serial number", async () => {
    const contoso = await namesFor("admin@contoso.example", "Contoso");
    const top = (question: string) => linkNames(question, contoso, new Set(["latency", "on", "de", "a", "the"])).map((span) => topCandidates(span).map((candidate) => candidate.entry.name));
    expect(top("latency on paris hq to frankfurt dc")).toEqual([["Paris ⇄ Frankfurt"]]);
    expect(top("latence de Paris à Francfort")).toEqual([["Paris ⇄ Frankfurt"]]);

    const northwind = await namesFor("admin@northwind.example", "Northwind Networks");
    const edge = northwind.forms.find((form) => form.entry.kind === "node" && form.entry.aliases?.length)?.entry;
    expect(edge).toBeDefined();
    const [serial] = edge!.aliases!;
    expect(linkNames(`reboot ${serial}`, northwind, new Set(["reboot"])).map((span) => span.candidates[0].entry.name)).toEqual([edge!.name]);
  });

  it("sees a new site at once", async () => {
    const before = await namesFor("admin@contoso.example", "Contoso");
    const db = await getDb();
    const [paris] = await db.select().from(sites).where(eq(sites.name, "Paris HQ"));
    const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = paris;
    await db.insert(sites).values({ ...copy, name: "Marseille Port" });
    const after = await namesFor("admin@contoso.example", "Contoso");
    expect(named(before, "site")).not.toContain("Marseille Port");
    expect(named(after, "site")).toContain("Marseille Port");
  });
});
