import "server-only";
import type { AssistantLink } from "@/lib/assistant/tools";
import { hasScopes } from "@/lib/auth/scopes";
import type { OrganizationType } from "@/lib/constants";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { isRouteAllowed, matchConsoleRoute } from "@/lib/routes";
import type { ServiceContext } from "@/server/core/service-context";
import { findVisibleOrganization } from "@/server/core/tenancy";

// What the assistant's tools look at: the organization the chat is about, seen with the caller's permissions, and the
// console routes they may offer as links (relative to /organization/{organizationId}/, allowed by the SPEC §6 guard).

/** A tool failure whose message is already in the reader's language. */
export class AssistantToolError extends Error {
  override name = "AssistantToolError";
}

export interface ChatScope {
  context: ServiceContext;
  organization: { id: string; name: string; organizationType: OrganizationType };
  /**
   * The organization filter of the console's lists: none in the caller's own organization (all they may see, an MSP's
   * customers and the operator's everything included), this organization otherwise.
   */
  organizationFilter: string | undefined;
  /** Whether the caller may change configuration (create sites and paths). */
  canWrite: boolean;
}

export async function loadChatScope(context: ServiceContext, organizationId: string): Promise<ChatScope | null> {
  const organization = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!organization) return null;
  return {
    context,
    organization: { id: organization.id, name: organization.name, organizationType: organization.organizationType },
    organizationFilter: consoleOrganizationFilter(organization.id, context.principal.organizationId),
    canWrite: hasScopes(context.principal.scopes, ["common:config:write"]),
  };
}

const segment = encodeURIComponent;

/** A link when the caller may open the route in this organization's console, else nothing. */
export function consoleLink(scope: ChatScope, label: string, path: string | null): AssistantLink[] {
  if (path === null) return [];
  const match = matchConsoleRoute(path);
  if (!match || !isRouteAllowed(match.route, scope.organization.organizationType, scope.context.principal.scopes)) return [];
  return [{ label, path }];
}

// Where each object lives in the console of the chat's organization type (lib/routes.ts): a customer's own pages, an
// MSP's dashboard of its customer, nothing for the operator (its console has no site or path pages).

export function siteRoute(scope: ChatScope, site: { id: string; organizationId: string }): string | null {
  switch (scope.organization.organizationType) {
    case "customer":
      return `customer/site/${segment(site.id)}`;
    case "msp":
      return `msp/dashboard/${segment(site.organizationId)}/${segment(site.id)}`;
    case "maia":
      return null;
  }
}

export function pathRoute(scope: ChatScope, path: { id: string; sourceSiteId: string }): string | null {
  switch (scope.organization.organizationType) {
    case "customer":
      return `customer/dashboard/${segment(path.sourceSiteId)}/path/${segment(path.id)}`;
    case "msp":
      return `paths/${segment(path.id)}`;
    case "maia":
      return null;
  }
}

/** Where sites are listed and added: a customer's Sites page, an MSP's customer organizations. */
export function sitesRoute(scope: ChatScope): string | null {
  switch (scope.organization.organizationType) {
    case "customer":
      return "customer/site";
    case "msp":
      return "msp/customerOrganization";
    case "maia":
      return null;
  }
}

/** Where a path is added: the source site's paths for a customer, the paths list for an MSP. */
export function pathCreationRoute(scope: ChatScope, sourceSiteId: string | null): string | null {
  switch (scope.organization.organizationType) {
    case "customer":
      return sourceSiteId ? `customer/site/${segment(sourceSiteId)}/path` : "customer/site";
    case "msp":
      return "paths";
    case "maia":
      return null;
  }
}
