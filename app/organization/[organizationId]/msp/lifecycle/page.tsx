import { redirect } from "next/navigation";
import { organizationPath } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle — opens on its Scheduled tab.
export default consolePage("msp/lifecycle", ({ organization }) => {
  redirect(organizationPath(organization.id, "msp/lifecycle/scheduled"));
});
