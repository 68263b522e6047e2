import { randomUUID } from "node:crypto";
import type { AssistantToolName } from "@/lib/assistant/tools";
import { assistantTools } from "@/server/assistant/tools";
import type { ServiceContext } from "@/server/core/service-context";
import { resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { signIn } from "./helpers";

/** A demo user's service context, as a signed-in request has it. */
export async function assistantContext(email: string): Promise<ServiceContext> {
  const cookie = await signIn(email);
  const db = await getDb();
  const principal = await resolveSession(db, decodeURIComponent(cookie.split("=")[1]));
  if (!principal) throw new Error(`no session for ${email}`);
  return { db, principal, requestId: randomUUID() };
}

/** One assistant tool run as the user, in a chat about an organization, as the model calls it. */
export async function runAssistantTool(email: string, organizationId: string, name: AssistantToolName, input: Record<string, unknown>, locale: "en" | "fr" = "en"): Promise<any> {
  const tools = assistantTools({ context: await assistantContext(email), organizationId, locale });
  const execute = tools[name].execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>;
  return execute(input, { toolCallId: randomUUID(), messages: [] });
}

/** The parts of an AI SDK UI message stream (server-sent events), parsed. */
export function streamParts(body: string): Record<string, unknown>[] {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && !line.includes("[DONE]"))
    .map((line) => JSON.parse(line.slice(6)));
}
