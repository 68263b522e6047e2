import { redirect } from "next/navigation";
import { homeRoute, organizationPath } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// /organization/{id}/ — the organization's home.
export default consolePage("", ({ organization }) => redirect(organizationPath(organization.id, homeRoute(organization.organizationType))));
