import { OrganizationSettingsForm } from "@/components/settings/organization-settings-form";
import { guardConsolePage } from "@/server/pages/session";

export default async function OrganizationSettingsPage({ params }: { params: Promise<{ organizationId: string }> }) {
  await guardConsolePage((await params).organizationId, "organizationSettings");
  return <OrganizationSettingsForm />;
}
