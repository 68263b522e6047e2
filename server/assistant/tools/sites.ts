import "server-only";
import { ASSISTANT_LIST_MAX, type ListSitesInput, type ListSitesOutput } from "@/lib/assistant/tools";
import { organizationNamed, scopedSites, siteCounts } from "../queries";
import { consoleLink, siteRoute, sitesRoute } from "../scope";
import type { ToolEnvironment } from "./shared";

// listSites — the sites of the chat's organization (an MSP's or the operator's: of every organization they see, in
// their own console), the first ASSISTANT_LIST_MAX by name with how many there are; or those no path reaches; or the
// busiest now, or those with the most paths, first.
export async function listSites(environment: ToolEnvironment, input: ListSitesInput): Promise<ListSitesOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  const asked = input.query?.trim() || null;
  const withoutPaths = input.withoutPaths ?? false;
  // "fabrikam's sites": a customer's name is the organization to list, not a part of site names.
  const organization = await organizationNamed(scope, asked);
  const query = organization ? null : asked;
  const sort = input.sort ?? "name";
  const limit = Math.min(input.limit ?? ASSISTANT_LIST_MAX, ASSISTANT_LIST_MAX);
  const [found, counts] = await Promise.all([
    scopedSites(scope, { search: query ?? undefined, limit, withoutPaths, sort, organizationId: organization?.id, kind: input.kind, active: input.active }),
    // "Are all our sites active?", "how many sites per type?": counted by the database over every site in sight.
    input.active !== undefined || input.groupBy ? siteCounts(scope, organization?.id) : null,
  ]);
  return {
    organizationName: organization?.name ?? scope.organization.name,
    query,
    withoutPaths,
    kind: input.kind ?? null,
    pick: input.pick ?? null,
    sort,
    total: found.total,
    active: input.active ?? null,
    scanned: counts ? counts.reduce((sum, row) => sum + row.count, 0) : null,
    groups: input.groupBy && counts ? counts.map((row) => ({ key: row.type, count: row.count })) : [],
    sites: found.sites,
    links: [
      ...found.sites.slice(0, 3).flatMap((site) => consoleLink(scope, t("assistant.links.site", { site: site.name }), siteRoute(scope, site))),
      // An MSP reaches sites through its customer organizations.
      ...consoleLink(scope, scope.organization.organizationType === "msp" ? t("assistant.links.customers") : t("assistant.links.sites"), sitesRoute(scope)),
    ],
  };
}
