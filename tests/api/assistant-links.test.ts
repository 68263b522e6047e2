import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ChatMarkdown from "@/components/chat/chat-markdown";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";

// Issue 41, scope 7: an MSP-written description with a URL, quoted in an assistant's answer to the customer, renders
// as text — no external link inside a trusted-looking answer. The answer is asked through the chat and rendered by
// the chat's own Markdown component.
process.env.TEST_SEED_NETWORK = "1";

const DESCRIPTION = "Claim your prize at http://evil.example now, or [log in here](https://evil.example/login) — www.evil.example";

/** The UI message stream's text, joined. */
function answerText(body: string): string {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && !line.includes("[DONE]"))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
    .filter((part) => part.type === "text-delta")
    .map((part) => part.delta)
    .join("");
}

describe("an assistant's answer quoting a description with URLs", () => {
  it("names the URLs as text and renders no link to another host", async () => {
    const db = await getDb();
    const contoso = await organizationId("Contoso");
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.name, "Frankfurt DC"));
    // The MSP writes the description of its customer's site.
    const edited = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn("admin@northwind.example"), body: { description: DESCRIPTION } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const cookie = await signIn("admin@contoso.example");
    const chat = await call("POST", "/chat", { cookie, body: { organizationId: contoso } });
    const answer = await call("POST", `/chat/${chat.body.id}/message`, {
      cookie,
      body: { message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "tell me about Frankfurt DC" }] } },
    });
    expect(answer.status).toBe(200);
    const text = answerText(answer.body);
    expect(text).toContain("http://evil.example");

    const html = renderToStaticMarkup(createElement(ChatMarkdown, { text }));
    expect(html).not.toMatch(/<a\b/);
    expect(html).toContain("http://evil.example");
    expect(html).toContain("www.evil.example");
  });
});
