import { NotAvailable } from "@/components/pages/not-available";
import { homeRoute, organizationPath, routeTitleKey } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// Every SPEC §2 route without its own page yet: guarded like the real one; unknown routes go to /. Its "Back to home"
// is offered only away from the home itself, which it would only reload.
export default consolePage("*", ({ organization, route }) => {
  const home = homeRoute(organization.organizationType);
  return <NotAvailable titleKey={routeTitleKey(route.pattern)} homeHref={route.pattern === home ? undefined : organizationPath(organization.id, home)} />;
});
