import { NotAvailable } from "@/components/pages/not-available";
import { homeRoute, organizationPath, routeTitleKey } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// Every SPEC §2 route without its own page yet: guarded like the real one; unknown routes go to /.
export default consolePage("*", ({ organization, route }) => (
  <NotAvailable titleKey={routeTitleKey(route.pattern)} homeHref={organizationPath(organization.id, homeRoute(organization.organizationType))} />
));
