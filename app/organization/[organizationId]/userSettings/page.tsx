import { UserSettingsForm } from "@/components/settings/user-settings-form";
import { consolePage } from "@/server/pages/console-page";

export default consolePage("userSettings", () => <UserSettingsForm />);
