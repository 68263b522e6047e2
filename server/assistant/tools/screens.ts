import "server-only";
import type { z } from "zod";
import type { GuideScreen, guideScreenInputSchema, guideScreenOutputSchema } from "@/lib/assistant/tool-schemas";
import { hasScopes, ROLE_LEVELS, ROLE_SCOPES, roleFor, type Scope } from "@/lib/auth/scopes";
import { CLAIM_CODE_LENGTH, ORGANIZATION_TYPES, type OrganizationType } from "@/lib/constants";
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from "@/lib/csv/read";
import { INVITATION_VALIDITY_DAYS } from "@/lib/people/constants";
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_RATE } from "@/lib/tokens/constants";
import { WEBHOOK_FAILING_LIMIT_MS, WEBHOOK_HEADERS } from "@/lib/webhooks/constants";
import { consoleRoute, isRouteAllowed, matchConsoleRoute } from "@/lib/routes";
import { consoleLink } from "../scope";
import type { ToolEnvironment } from "./shared";

// guideScreen — what a console screen (SPEC §2) shows and what one does there, whether the caller's organization type
// and role may open it (the SPEC §6 guard of lib/routes.ts) and make its changes, and a link to it when they may.

type Out<T extends z.ZodType> = z.infer<T>;
type NodeKind = "edge" | "cpe" | "core";

interface ScreenPage {
  /** The page each organization type opens for it (a route under /organization/{id}/); types without one do not have it. */
  routes: Partial<Record<OrganizationType, string>>;
  /** The route pattern whose guard decides, when the link opens a list the screen is reached from (a path's topology). */
  guard?: string;
  /** The scope its changes need (acknowledging, adding, scheduling); none for a screen that changes nothing or one's own. */
  write?: Scope;
  /** Part of every page (the header's selector, the support dialog): no route of its own. */
  everywhere?: boolean;
  /** Its texts differ by organization type (a customer's and an MSP's dashboard). */
  byType?: boolean;
}

const all = (route: string) => Object.fromEntries(ORGANIZATION_TYPES.map((type) => [type, route])) as Record<OrganizationType, string>;
const CONFIG: Scope = "common:config:write";
const NODE_LISTS: Record<NodeKind, string> = { edge: "msp/edgeNode", cpe: "msp/cpeNode", core: "msp/coreFabric" };

function screenPage(screen: GuideScreen, kind: NodeKind): ScreenPage {
  switch (screen) {
    case "dashboard":
      return { routes: { customer: "customer/dashboard", msp: "msp/dashboard" }, byType: true };
    case "paths":
      return { routes: { customer: "paths", msp: "paths" }, write: CONFIG };
    case "pathDetail":
      return { routes: { customer: "paths", msp: "paths" }, write: CONFIG };
    case "pathTopology":
      return { routes: { msp: "paths" }, guard: "paths/:pathId/pathTopology" };
    case "sites":
      return { routes: { customer: "customer/site" }, write: CONFIG };
    case "siteConfiguration":
      return { routes: { customer: "customer/site" }, guard: "customer/site/:siteId/configuration", write: CONFIG };
    case "alarms":
      return { routes: all("alarms"), write: CONFIG };
    case "events":
      return { routes: all("events") };
    case "users":
      return { routes: all("user/users"), write: "common:user:write" };
    case "userSettings":
      return { routes: all("userSettings") };
    case "organizationSettings":
      return { routes: all("organizationSettings"), write: CONFIG };
    case "inventory":
      return { routes: { msp: "msp/inventory", maia: "core/inventory" }, write: "msp:inventory:write", byType: true };
    case "lifecycle":
      return { routes: { msp: "msp/lifecycle/scheduled" }, write: "msp:lifecycle:write" };
    case "coreFabrics":
    case "coreNodes":
      return { routes: { msp: "msp/coreFabric" }, write: CONFIG };
    case "externalFabrics":
      return { routes: { msp: "msp/externalFabric" }, write: CONFIG };
    case "edgeNodes":
    case "switchPorts":
      return { routes: { msp: "msp/edgeNode" }, write: CONFIG };
    case "cpeNodes":
      return { routes: { msp: "msp/cpeNode" }, write: CONFIG };
    case "nodeMonitor":
      return { routes: { msp: NODE_LISTS[kind] } };
    case "nodeLink":
    case "nodeConfiguration":
      return { routes: { msp: NODE_LISTS[kind] }, write: CONFIG };
    case "topology":
      return { routes: { msp: "msp/topology" } };
    case "customers":
      return { routes: { msp: "msp/customerOrganization" }, write: CONFIG };
    case "msps":
      return { routes: { maia: "core/msp" }, write: CONFIG };
    case "apiDocs":
    case "documentation":
      return { routes: all("apiDocs") };
    case "chat":
      return { routes: all("chat") };
    case "apiTokens":
      return { routes: all("user/apiTokens") };
    case "webhooks":
      return { routes: { customer: "webhooks", msp: "webhooks" }, write: CONFIG };
    case "audit":
      return { routes: all("audit") };
    case "organizationSelector":
    case "support":
    case "metrics":
      return { routes: all(""), everywhere: true };
    case "csv":
      // Every list exports; the link goes to the list each kind of organization imports into (or exports most).
      return { routes: { customer: "customer/site", msp: "msp/customerOrganization", maia: "core/inventory" } };
  }
}

export async function guideScreen(environment: ToolEnvironment, input: Out<typeof guideScreenInputSchema>): Promise<Out<typeof guideScreenOutputSchema>> {
  const scope = await environment.scope();
  const { t } = environment;
  const type = scope.organization.organizationType;
  const scopes = scope.context.principal.scopes;
  const kind = input.nodeKind ?? (input.screen === "coreNodes" ? "core" : "edge");
  const page = screenPage(input.screen, kind);
  const route = page.routes[type];
  const guard = page.guard ? consoleRoute(page.guard) : route !== undefined ? matchConsoleRoute(route)?.route : undefined;
  const allowed = page.everywhere === true || (guard !== undefined && isRouteAllowed(guard, type, scopes));
  const needs = [...(guard?.scopes ?? []), ...(page.write ? [page.write] : [])];
  const rolesHolding = (required: readonly Scope[]) => (route === undefined ? [] : ROLE_LEVELS.filter((level) => hasScopes(ROLE_SCOPES[roleFor(type, level)], required)));
  const forTypes = ORGANIZATION_TYPES.filter((each) => page.routes[each] !== undefined);
  // The texts of the caller's own kind of screen, else of the first organization type that has it.
  const textType = route !== undefined ? type : forTypes[0];
  const base = page.byType ? `assistant.guide.screens.${input.screen}.${textType}` : `assistant.guide.screens.${input.screen}`;
  // The figures some screens' texts quote, from the rules themselves.
  const values = {
    days: INVITATION_VALIDITY_DAYS,
    claimCodeLength: CLAIM_CODE_LENGTH,
    tokenDefaultDays: API_TOKEN_EXPIRY_DAYS.default,
    tokenMaxDays: API_TOKEN_EXPIRY_DAYS.max,
    tokenPerSecond: API_TOKEN_RATE.perSecond,
    tokenBurst: API_TOKEN_RATE.burst,
    failingHours: WEBHOOK_FAILING_LIMIT_MS / 3_600_000,
    signatureHeader: WEBHOOK_HEADERS.signature,
    csvRows: CSV_IMPORT_MAX_ROWS,
    csvKilobytes: CSV_IMPORT_MAX_BYTES / 1024,
  };
  const text = (field: string) => t(`${base}.${field}` as never, values as never);
  const where = page.everywhere || input.screen === "documentation" || input.screen === "chat" || input.screen === "csv" ? text("where") : null;
  return {
    screen: input.screen,
    nodeKind: input.nodeKind ?? null,
    title: text("title"),
    shows: text("shows"),
    does: text("does"),
    where,
    allowed,
    canChange: allowed && hasScopes(scopes, needs),
    forTypes,
    // Who in the caller's kind of organization may open it and make its changes (the role → scopes table).
    openRoles: rolesHolding(guard?.scopes ?? []),
    changeRoles: rolesHolding(needs),
    links: page.everywhere || !allowed ? [] : consoleLink(scope, t("assistant.guide.screens.open", { page: text("title") }), route ?? null),
  };
}
