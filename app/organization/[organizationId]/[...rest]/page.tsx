import { NotAvailable } from "@/components/pages/not-available";
import { homeRoute, matchConsoleRoute, organizationPath, routeTitleKey } from "@/lib/routes";
import { guardConsolePage } from "@/server/pages/session";

// Every SPEC §2 route without its own page yet: guarded like the real one; unknown routes go to /.
export default async function ConsoleRoutePage({ params }: { params: Promise<{ organizationId: string; rest: string[] }> }) {
  const { organizationId, rest } = await params;
  const path = rest.join("/");
  const { organization } = await guardConsolePage(decodeURIComponent(organizationId), path);
  const pattern = matchConsoleRoute(path)?.route.pattern ?? "";
  return <NotAvailable titleKey={routeTitleKey(pattern)} homeHref={organizationPath(organization.id, homeRoute(organization.organizationType))} />;
}
