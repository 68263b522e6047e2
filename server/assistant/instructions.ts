import "server-only";
import { PRODUCT_NAME, type Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { consoleRoutePath } from "@/lib/validation/fields";
import type { ServiceContext } from "@/server/core/service-context";
import { findVisibleOrganization } from "@/server/core/tenancy";
import { formatWhen } from "./format";
import { toolEnvironment, type ToolEnvironment } from "./tools/shared";

// The system prompt: who is asking, about which organization, on which page, in which language and time zone, and the
// rules (tools for facts, guidance only). The embedded model reads the page from it too.

export async function assistantInstructions(
  request: { context: ServiceContext; organizationId: string; locale: Locale; page?: string; timeZone?: string },
  environment: ToolEnvironment = toolEnvironment(request),
): Promise<string> {
  const { db, principal } = request.context;
  const t = translatorFor(request.locale);
  // The chat's organization as the tools see it (read once per answer); the user's own only when it is another.
  const organization = (await environment.scope().catch(() => null))?.organization;
  const home = organization?.id === principal.organizationId ? organization : await findVisibleOrganization(db, principal, principal.organizationId);
  const name = `${principal.firstName} ${principal.lastName}`.trim() || principal.email;
  const page = request.page?.replace(/^\/+|\/+$/g, "");
  return [
    t("assistant.instructions.role", { product: PRODUCT_NAME }),
    t("assistant.instructions.user", { name, email: principal.email, role: principal.role, home: home?.name ?? principal.organizationId }),
    t("assistant.instructions.organization", {
      organization: organization?.name ?? request.organizationId,
      type: t(`assistant.instructions.organizationTypes.${organization?.organizationType ?? principal.organizationType}`),
    }),
    page && consoleRoutePath().safeParse(page).success
      ? t("assistant.instructions.page", { page, organizationId: request.organizationId })
      : t("assistant.instructions.noPage"),
    t("assistant.instructions.language", { language: t(`assistant.instructions.languages.${request.locale}`) }),
    t("assistant.instructions.timeZone", { timeZone: environment.timeZone, now: formatWhen(request.locale, new Date().toISOString(), environment.timeZone) }),
    t("assistant.instructions.rules"),
  ].join("\n");
}
