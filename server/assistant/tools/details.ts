import "server-only";
import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { ASSISTANT_LIST_MAX } from "@/lib/assistant/tools";
import type {
  fabricStatusInputSchema,
  fabricStatusOutputSchema,
  listInvitationsInputSchema,
  listInvitationsOutputSchema,
  listUsersInputSchema,
  listUsersOutputSchema,
  pathDetailInputSchema,
  pathDetailOutputSchema,
} from "@/lib/assistant/tool-schemas";
import { hasScopes, ROLE_LEVELS } from "@/lib/auth/scopes";
import { bySlaHealth } from "@/lib/dashboard/lists";
import type { Path } from "@/lib/paths/schema";
import { consoleScopeWhere, tenantWhere } from "@/server/core/tenancy";
import { containsPattern } from "@/server/db/query";
import { coreFabrics, externalFabrics, organizations } from "@/server/db/schema";
import { getCoreFabric, getCoreFabricMesh } from "@/server/fabrics/core";
import { listInvitations as listInvitationsService } from "@/server/people/invitations";
import { listOrganizationUsers } from "@/server/people/users";
import { coreFabricLinkHealth, coreFabricsHealth } from "@/server/telemetry/queries/health";
import { nodeDevice } from "@/server/telemetry/queries/node";
import { pickByName, type Resolution } from "../resolve";
import { AssistantToolError, consoleLink, pathRoute, type ChatScope } from "../scope";
import { UUID } from "../text";
import { unresolvedOutput } from "./live";
import { findPaths } from "./path-sla";
import type { ToolEnvironment } from "./shared";

// The details a network engineer asks for beyond health (issue 40, scope 6): a path's configuration (layer, ends,
// VLAN, prefixes), a core fabric's nodes and links with their health, the organization's invitations. Each reads
// through the service and with the scope its page uses.

type Out<T extends z.ZodType> = z.infer<T>;

// pathDetail — a path as its configuration page shows it.
export async function pathDetail(environment: ToolEnvironment, input: Out<typeof pathDetailInputSchema>): Promise<Out<typeof pathDetailOutputSchema>> {
  const scope = await environment.scope();
  const { matches } = await findPaths(scope, input.path);
  if (matches.length !== 1) {
    const resolution: Resolution<Path> = matches.length === 0 ? { status: "not-visible" } : { status: "ambiguous", candidates: [...matches].sort(bySlaHealth).slice(0, 8) };
    return unresolvedOutput(resolution as Exclude<Resolution<Path>, { status: "found" }>, input.path, (path) => `${path.sourceSiteName} ⇄ ${path.destinationSiteName}`);
  }
  const [path] = matches;
  return {
    status: "found",
    path: {
      id: path.id,
      name: path.name,
      layer: path.layer,
      sourceSiteName: path.sourceSiteName,
      sourceConnectorName: path.sourceConnectorName,
      destinationSiteName: path.destinationSiteName,
      destinationConnectorName: path.destinationConnectorName,
      bandwidthMbps: path.bandwidth,
      vlanType: path.vlanType,
      vlanId: path.vlanId,
      prefixes: path.prefix,
      sla: path.slaHealth,
    },
    links: consoleLink(scope, environment.t("assistant.links.path", { path: path.name }), pathRoute(scope, path)),
  };
}

const FABRICS_SEARCHED = 50;

/** The core fabrics of the chat's organization the caller sees: by name or id, or all of them when none is named. */
async function resolveCoreFabric(scope: ChatScope, query: string | undefined): Promise<Resolution<{ id: string; name: string }>> {
  const { db, principal } = scope.context;
  const id = query ? UUID.exec(query)?.[0] : undefined;
  const visible = (which?: SQL) =>
    db
      .select({ id: coreFabrics.id, name: coreFabrics.name })
      .from(coreFabrics)
      .where(
        and(
          tenantWhere(principal, coreFabrics.organizationId, db),
          scope.organizationFilter ? consoleScopeWhere(principal, coreFabrics.organizationId, scope.organizationFilter, db) : undefined,
          which,
        ),
      )
      .orderBy(coreFabrics.name)
      .limit(FABRICS_SEARCHED);
  const rows = await visible(id ? eq(coreFabrics.id, id) : undefined);
  if (!query) return rows.length === 1 ? { status: "found", item: rows[0] } : rows.length === 0 ? { status: "not-visible" } : { status: "ambiguous", candidates: rows.slice(0, 8) };
  const picked = pickByName(id ?? query, rows);
  if (picked.status !== "not-visible" || id) return picked;
  // Past the first fifty by name: the database's own search.
  return pickByName(query, await visible(ilike(coreFabrics.name, containsPattern(query.trim().slice(0, 100)))));
}

// fabricStatus — a core fabric as its page shows it: its core nodes and whether their devices report, its links with
// their latest state and health, and whether the links make the full mesh.
export async function fabricStatus(environment: ToolEnvironment, input: Out<typeof fabricStatusInputSchema>, now = Date.now()): Promise<Out<typeof fabricStatusOutputSchema>> {
  const scope = await environment.scope();
  if (input.external) return externalFabricList(environment, scope);
  const query = input.fabric?.trim() || undefined;
  const resolution = await resolveCoreFabric(scope, query);
  if (resolution.status !== "found") return unresolvedOutput(resolution, query ?? "");
  const { id } = resolution.item;
  const [detail, mesh, linkHealth, health] = await Promise.all([
    getCoreFabric(scope.context, id),
    getCoreFabricMesh(scope.context, id),
    coreFabricLinkHealth(scope.context, id, { limit: ASSISTANT_LIST_MAX }, now),
    coreFabricsHealth(scope.context, [id], now),
  ]);
  const devices = await Promise.all(detail.nodes.map((node) => nodeDevice(scope.context, node.id, now)));
  const fabricPage = scope.organization.organizationType === "msp" ? `msp/coreFabric/${encodeURIComponent(id)}` : null;
  return {
    status: "found",
    fabric: { id, name: detail.name, health: health.get(id) ?? "unknown" },
    nodes: detail.nodes.map((node, index) => ({ name: node.name, serialNumber: devices[index].device?.serialNumber ?? null, reachable: devices[index].device?.reachable ?? null })),
    fabricLinks: linkHealth.items.map((link) => ({
      name: link.name,
      sourceNodeName: link.sourceNodeName,
      destinationNodeName: link.destinationNodeName,
      status: link.status,
      health: link.health,
      latencyMs: link.latencyMs,
      lossPercent: link.lossPercent,
    })),
    linkCount: linkHealth.total,
    mesh: { complete: mesh.complete, missingPairs: mesh.missingPairs.map((pair) => ({ a: pair.a.name, b: pair.b.name })) },
    links: consoleLink(scope, environment.t("assistant.links.fabric", { fabric: detail.name }), fabricPage),
  };
}

/** The external fabrics in the chat's console (an MSP's own), by name, with how many there are. */
async function externalFabricList(environment: ToolEnvironment, scope: ChatScope): Promise<Out<typeof fabricStatusOutputSchema>> {
  const { db, principal } = scope.context;
  const rows = await db
    .select({
      name: externalFabrics.name,
      type: externalFabrics.type,
      organizationName: organizations.name,
      createdAt: externalFabrics.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(externalFabrics)
    .innerJoin(organizations, eq(organizations.id, externalFabrics.organizationId))
    .where(
      and(
        tenantWhere(principal, externalFabrics.organizationId, db),
        scope.organizationFilter ? consoleScopeWhere(principal, externalFabrics.organizationId, scope.organizationFilter, db) : undefined,
      ),
    )
    .orderBy(externalFabrics.name, externalFabrics.id)
    .limit(ASSISTANT_LIST_MAX);
  return {
    status: "external",
    total: rows[0]?.total ?? 0,
    externalFabrics: rows.map((row) => ({ name: row.name, type: row.type, organizationName: row.organizationName, createdAt: row.createdAt.toISOString() })),
    links: consoleLink(scope, environment.t("assistant.links.externalFabrics"), scope.organization.organizationType === "msp" ? "msp/externalFabric" : null),
  };
}

/** How many users or invitations of one organization are read at the most (its Users tab pages through them). */
const PEOPLE_READ = 500;

/** The organization's users or invitations, page after page, up to PEOPLE_READ, with the Users tab's scope. */
async function readPeople<T>(environment: ToolEnvironment, scope: ChatScope, page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[]> {
  if (!hasScopes(scope.context.principal.scopes, ["common:user:read"])) throw new AssistantToolError(environment.t("assistant.errors.forbiddenUsers"));
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    all.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor && all.length < PEOPLE_READ);
  return all;
}

// listUsers — who has access to the chat organization's console and with which role, as its Users tab lists them,
// with the scope it needs; counted by role over every member read.
export async function listUsers(environment: ToolEnvironment, input: Out<typeof listUsersInputSchema>): Promise<Out<typeof listUsersOutputSchema>> {
  const scope = await environment.scope();
  const all = await readPeople(environment, scope, (cursor) => listOrganizationUsers(scope.context, scope.organization.id, { limit: 100, cursor }));
  const matching = input.role ? all.filter((user) => user.role === input.role) : all;
  return {
    organizationName: scope.organization.name,
    role: input.role ?? null,
    total: matching.length,
    byRole: Object.fromEntries(ROLE_LEVELS.map((level) => [level, all.filter((user) => user.role === level).length])),
    users: matching.slice(0, ASSISTANT_LIST_MAX).map((user) => ({
      name: `${user.firstName} ${user.lastName}`.trim() || user.email,
      email: user.email,
      role: user.role,
      lastSignInAt: user.lastSignInAt,
    })),
    links: consoleLink(scope, environment.t("assistant.links.users"), "user/users"),
  };
}

// listInvitations — the chat organization's invitations, as its Invitations tab lists them and with the scope it needs.
export async function listInvitations(environment: ToolEnvironment, input: Out<typeof listInvitationsInputSchema>): Promise<Out<typeof listInvitationsOutputSchema>> {
  const scope = await environment.scope();
  const all = await readPeople(environment, scope, (cursor) => listInvitationsService(scope.context, scope.organization.id, { limit: 100, cursor }));
  const matching = input.status ? all.filter((invitation) => invitation.status === input.status) : all;
  return {
    organizationName: scope.organization.name,
    status: input.status ?? null,
    total: matching.length,
    invitations: matching.slice(0, ASSISTANT_LIST_MAX).map((invitation) => ({
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt,
    })),
    links: consoleLink(scope, environment.t("assistant.links.invitations"), "user/invitations"),
  };
}
