import { redirect } from "next/navigation";
import { organizationPath } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// user — opens on its Users tab.
export default consolePage("user", ({ organization }) => {
  redirect(organizationPath(organization.id, "user/users"));
});
