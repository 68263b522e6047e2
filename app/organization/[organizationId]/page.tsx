import { redirect } from "next/navigation";
import { homeRoute, organizationPath } from "@/lib/routes";
import { guardConsolePage } from "@/server/pages/session";

// /organization/{id}/ — the organization's home.
export default async function OrganizationIndex({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const { organization } = await guardConsolePage(decodeURIComponent(organizationId), "");
  redirect(organizationPath(organization.id, homeRoute(organization.organizationType)));
}
