import { OrganizationSettingsForm } from "@/components/settings/organization-settings-form";
import { consolePage } from "@/server/pages/console-page";

export default consolePage("organizationSettings", () => <OrganizationSettingsForm />);
