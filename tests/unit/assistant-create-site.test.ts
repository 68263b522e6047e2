import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSiteInputSchema } from "@/lib/assistant/action-schemas";
import { ASSISTANT_TOOL_NAMES, isAssistantAction } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { readIntent } from "@/server/assistant/intent";
import { assistantToolApproval, assistantTools } from "@/server/assistant/tools";
import { toolEnvironment } from "@/server/assistant/tools/shared";
import { siteActionInput } from "@/server/assistant/understanding/site-request";

// The assistant's "create a site" action as the embedded model understands it (issue 16, scope 5): the site's name,
// place, type, cloud account and region read from English and French requests; what is missing is left out (the
// dry run asks for it), and the answers to its question complete the same request.

const read = (text: string, locale: "en" | "fr" = "en") => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale });

describe("a request to create a site", () => {
  it.each([
    ["create a site called Lyon DC in Lyon", "en", { name: "Lyon DC", location: "Lyon" }],
    ["Please add a new site named “Nantes Office” at Nantes", "en", { name: "Nantes Office", location: "Nantes" }],
    ["create a site Lyon DC in Lyon for Contoso", "en", { name: "Lyon DC", location: "Lyon", organization: "Contoso" }],
    ["crée un site Bordeaux à Bordeaux", "fr", { name: "Bordeaux", location: "Bordeaux" }],
    ["ajoute un site nommé Lille Nord à Lille pour le client Contoso", "fr", { name: "Lille Nord", location: "Lille", organization: "Contoso" }],
    ["add a cloud site on AWS eu-west-3 named AWS Paris", "en", { name: "AWS Paris", type: "aws", region: "eu-west-3" }],
    ["create an Azure site named Azure FR in francecentral with subscription 3f2504e0-4f89-11d3-9a0c-0305e82c3301", "en", { name: "Azure FR", type: "azure", region: "francecentral", account: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" }],
    ["crée un site AWS Direct Connect nommé DX Paris en eu-west-3, compte 123456789012", "fr", { name: "DX Paris", type: "aws-direct-connect", region: "eu-west-3", account: "123456789012" }],
    // A cloud without its provider, a region that names it, nothing at all: only what is said is read.
    ["add a cloud site named Cloud One", "en", { name: "Cloud One", type: "cloud" }],
    ["add a cloud site in europe-west9 named GCP Paris", "en", { name: "GCP Paris", type: "gcp", region: "europe-west9" }],
    ["create a site", "en", {}],
    ["crée un site à Toulouse", "fr", { location: "Toulouse" }],
  ] as const)("%j (%s) → %j", (text, locale, input) => {
    expect(read(text, locale)).toMatchObject({ kind: "tool", toolName: "createSite", intent: "action-create-site", input });
    expect((read(text, locale) as { input: Record<string, unknown> }).input).toEqual(input);
  });

  it("is a site only when the site is what is created, and a how-to stays a guide", () => {
    expect(read("add a connector to the Paris HQ site")).not.toMatchObject({ toolName: "createSite" });
    expect(read("create a layer 2 path from Paris HQ to Frankfurt DC, 20 Mbps")).toMatchObject({ toolName: "createPath" });
    expect(read("How do I create a site in Lyon?")).toMatchObject({ toolName: "guideSiteCreation" });
    expect(read("Comment créer un site Azure ?", "fr")).toMatchObject({ toolName: "guideSiteCreation" });
  });
});

describe("the answers to the dry run's question", () => {
  it("fill the first missing field with a bare value: the name, then the place, then the customer", () => {
    expect(siteActionInput("create a site in Lyon", ["Lyon DC"])).toEqual({ location: "Lyon", name: "Lyon DC" });
    expect(siteActionInput("create a site called Lyon DC", ["Lyon"])).toEqual({ name: "Lyon DC", location: "Lyon" });
    expect(siteActionInput("create a site called Lyon DC in Lyon", ["Contoso"])).toEqual({ name: "Lyon DC", location: "Lyon", organization: "Contoso" });
    expect(siteActionInput("crée un site", ["Bordeaux Lac", "à Bordeaux"])).toEqual({ name: "Bordeaux Lac", location: "Bordeaux" });
    // A cloud site's place comes from its region: a bare answer is the customer first.
    expect(siteActionInput("add an AWS site named AWS Paris in eu-west-3, account 123456789012", ["Contoso"])).toMatchObject({ organization: "Contoso" });
  });

  it("read an account or a region where they are written, and a later answer corrects an earlier word", () => {
    expect(siteActionInput("add a cloud site on AWS eu-west-3 named AWS Paris", ["123456789012"])).toEqual({ name: "AWS Paris", type: "aws", region: "eu-west-3", account: "123456789012" });
    expect(siteActionInput("add a cloud site named Cloud One", ["Azure, westeurope"])).toEqual({ name: "Cloud One", type: "azure", region: "westeurope" });
    expect(siteActionInput("create a site called Lyon DC in Lyon", ["named Lyon Part-Dieu"])).toEqual({ name: "Lyon Part-Dieu", location: "Lyon" });
  });

  it("continue the refused request in the chat, over several answers", () => {
    const refusal = (id: string): LanguageModelV4Prompt => [
      { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName: "createSite", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: id, toolName: "createSite", output: { type: "execution-denied", reason: "To prepare it I need: …" } }] },
    ];
    const user = (text: string): LanguageModelV4Prompt[number] => ({ role: "user", content: [{ type: "text", text }] });
    const prompt: LanguageModelV4Prompt = [user("create a site"), ...refusal("c1"), user("Lyon Data Center"), ...refusal("c2"), user("Lyon")];
    expect(decide(prompt, "en", ASSISTANT_TOOL_NAMES)).toEqual({ type: "tool-call", toolName: "createSite", input: { name: "Lyon Data Center", location: "Lyon" } });
    // A question of its own after the refusal stands on its own.
    expect(decide([user("create a site"), ...refusal("c1"), user("list my sites")], "en", ASSISTANT_TOOL_NAMES)).toMatchObject({ toolName: "listSites" });
  });
});

describe("createSite for a configured OpenAI-compatible model", () => {
  it("is the same tool, described with its schema, and runs only once approved", () => {
    const request = { context: { principal: { scopes: [] } } as never, organizationId: "o", locale: "en" as const };
    const tool = assistantTools(request).createSite;
    expect(tool.description).toMatch(/approval of a preview/);
    expect(tool.description).toMatch(/leave them out rather than guess/);
    expect(isAssistantAction("createSite")).toBe(true);
    expect(Object.keys(assistantToolApproval(toolEnvironment(request)))).toContain("createSite");
    const schema = z.toJSONSchema(createSiteInputSchema) as { properties: Record<string, { description?: string; enum?: string[] }>; required?: string[] };
    expect(Object.keys(schema.properties)).toEqual(["name", "location", "type", "account", "region", "description", "organization"]);
    expect(schema.required ?? []).toEqual([]);
    expect(schema.properties.type.enum).toEqual(["standard", "aws", "azure", "gcp", "oracle", "aws-direct-connect", "cloud"]);
    expect(Object.values(schema.properties).every((property) => (property.description ?? "").length > 20)).toBe(true);
  });
});
