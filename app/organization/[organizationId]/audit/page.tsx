import { AuditPage } from "@/components/audit/audit-page";
import { auditQueryOptions, parseAuditSearch } from "@/lib/audit/queries";
import { consolePage } from "@/server/pages/console-page";

// audit — the organization's audit log (issue 43): its filters from the URL, the first page prefetched, so a link to a
// filtered view renders it on first load.
export default consolePage("audit", async ({ organization, searchParams, prefetch }) => {
  await prefetch(auditQueryOptions(organization.id, parseAuditSearch(searchParams)));
  return <AuditPage />;
});
