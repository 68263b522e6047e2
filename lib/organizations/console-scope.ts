/**
 * The organization filter of a console page's lists (alarms, events, paths, the assistant's): none at the user's own
 * organization — all they may see, an MSP's customers and the operator's everything included — and the organization
 * in the URL otherwise: an MSP, or the operator, inside a customer's console sees that customer only; the operator
 * inside an MSP's console sees what the MSP's users see, its customers included (server/core/tenancy.ts, consoleScopeWhere).
 */
export function consoleOrganizationFilter(organizationId: string, homeOrganizationId: string): string | undefined {
  return organizationId === homeOrganizationId ? undefined : organizationId;
}
