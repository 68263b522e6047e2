import "server-only";
import { logger } from "@/server/core/log";
import { hasScopes } from "@/lib/auth/scopes";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { ServiceContext } from "@/server/core/service-context";
import type { Translator } from "../format";
import { AssistantToolError, loadChatScope, type ChatScope } from "../scope";

const log = logger("assistant");

// What every tool of one request shares: the chat's scope (read once), the reader's language and time zone, and one
// way to fail.

export interface ToolEnvironment {
  locale: Locale;
  t: Translator;
  /** The user's IANA time zone (the browser's), in which times are written; UTC when unknown. */
  timeZone: string;
  /** The chat's organization as the caller sees it; fails (in the reader's language) when it is out of sight. */
  scope(): Promise<ChatScope>;
}

export function toolEnvironment(request: { context: ServiceContext; organizationId: string; locale: Locale; timeZone?: string }): ToolEnvironment {
  const t = translatorFor(request.locale);
  let loading: Promise<ChatScope> | undefined;
  return {
    locale: request.locale,
    t,
    timeZone: request.timeZone ?? DISPLAY_TIME_ZONE,
    scope() {
      // The tools read the network as the API does: with the configuration read scope.
      if (!hasScopes(request.context.principal.scopes, ["common:config:read"])) return Promise.reject(new AssistantToolError(t("assistant.errors.forbidden")));
      loading ??= loadChatScope(request.context, request.organizationId).then((scope) => {
        if (!scope) throw new AssistantToolError(t("assistant.errors.organizationNotVisible"));
        return scope;
      });
      return loading;
    },
  };
}

/**
 * Runs a tool's work. A failure the tool explains keeps its message; anything else is logged with the request id and
 * reaches the model and the chat as a short message in the reader's language, never as a stack or a SQL error.
 */
export async function runTool<T>(environment: ToolEnvironment, name: string, requestId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AssistantToolError) throw error;
    log.error({ err: error, requestId, tool: name }, "tool failed");
    throw new AssistantToolError(environment.t("assistant.errors.unexpected"));
  }
}
