import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";

// Real objects of the demo network, by the name a route gives its path parameter, owned by a given organization.
// The generated tests (hostile payloads, isolation matrix) fill path templates from here.

type Lookup = (organizationId: string) => ReturnType<typeof sql>;

const byOrganization = (table: string, column = "organization_id"): Lookup => (organizationId) =>
  sql.raw(`select id from ${table} where ${column} = '${organizationId.replace(/'/g, "")}' order by id limit 1`);

/**
 * An object of one of the organization's nodes (interface, port…), on the node the nodeId lookup picks when it has
 * one; an id that matches nothing when the organization has none (the demo network has no subinterfaces), so the
 * endpoint is still exercised.
 */
const ofOrganizationNode = (from: string): Lookup => (organizationId) => {
  const organization = organizationId.replace(/'/g, "");
  const firstNode = `(select id from nodes where organization_id = '${organization}' order by id limit 1)`;
  return sql.raw(
    `select coalesce((select t.id from ${from} where n.organization_id = '${organization}' order by (n.id = ${firstNode}) desc, t.id limit 1), ` +
      `'00000000-0000-4000-8000-00000000000f') as id`,
  );
};

/** Path parameter → how to find an object of that kind owned by an organization, keyed by the path's context. */
export function lookupFor(template: string, parameter: string): Lookup | "organization" | null {
  if (parameter === "organizationId" || parameter === "mspId" || parameter === "customerOrganizationId") return "organization";
  if (parameter === "id" && /\/(organization|msp)\/\{id\}/.test(template)) return "organization";
  if (parameter === "siteId") return byOrganization("sites");
  if (parameter === "connectorId") return byOrganization("connectors");
  if (parameter === "pathId") return byOrganization("paths");
  if (parameter === "nodeId") return byOrganization("nodes");
  if (parameter === "interfaceId") return ofOrganizationNode("interfaces t join nodes n on n.id = t.node_id");
  if (parameter === "ipsecEndpointId") return ofOrganizationNode("ipsec_endpoints t join nodes n on n.id = t.node_id");
  if (parameter === "switchPortId") return ofOrganizationNode("switch_ports t join nodes n on n.id = t.node_id");
  if (parameter === "subinterfaceId")
    return ofOrganizationNode("subinterfaces t join interfaces i on i.id = t.interface_id join nodes n on n.id = i.node_id");
  if (parameter === "linkId") return byOrganization("links");
  if (parameter === "fabricId") return template.includes("external-fabric") ? byOrganization("external_fabrics") : byOrganization("core_fabrics");
  if (parameter === "deviceId" || (parameter === "id" && template.includes("/device/"))) return byOrganization("devices", "msp_organization_id");
  if (parameter === "id" && template.includes("/lifecycle/rollout/")) return byOrganization("rollouts");
  if (parameter === "operationId" || (parameter === "id" && template.includes("/lifecycle/"))) return byOrganization("lifecycle_operations");
  if (parameter === "alarmId") return byOrganization("alarms");
  if (parameter === "chatId") return byOrganization("chats");
  if (parameter === "invitationId") return byOrganization("invitations");
  if (parameter === "tokenId") return byOrganization("api_tokens");
  if (parameter === "webhookId") return byOrganization("webhook_endpoints");
  // The delivery of the endpoint the webhookId lookup picks (its first by id).
  if (parameter === "deliveryId")
    return (organizationId) =>
      sql.raw(
        `select d.id from webhook_deliveries d where d.endpoint_id = (select id from webhook_endpoints where organization_id = '${organizationId.replace(/'/g, "")}' order by id limit 1) order by d.id limit 1`,
      );
  if (parameter === "userId")
    return (organizationId) => sql.raw(`select user_id as id from memberships where organization_id = '${organizationId.replace(/'/g, "")}' order by user_id limit 1`);
  return null;
}

/** Fills a path template with objects owned by the organization; null when one cannot be found. */
export async function fillTemplate(template: string, organizationId: string): Promise<string | null> {
  const db = await getDb();
  let path = template;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const parameter = match[1];
    const lookup = lookupFor(template, parameter);
    if (!lookup) return null;
    let id: string | undefined;
    if (lookup === "organization") id = organizationId;
    else {
      const rows = await queryRows<{ id?: string | number }>(db, lookup(organizationId));
      id = rows[0]?.id === undefined ? undefined : String(rows[0].id);
    }
    if (!id) return null;
    path = path.replace(match[0], encodeURIComponent(id));
  }
  return path;
}
