import { UserSettingsForm } from "@/components/settings/user-settings-form";
import { guardConsolePage } from "@/server/pages/session";

export default async function UserSettingsPage({ params }: { params: Promise<{ organizationId: string }> }) {
  await guardConsolePage((await params).organizationId, "userSettings");
  return <UserSettingsForm />;
}
