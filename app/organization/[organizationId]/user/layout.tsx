import { PeopleLayout } from "@/components/people/people-layout";
import { consolePage } from "@/server/pages/console-page";

// user — the organization's people: the tabs Users and Invitations (SPEC §2), for every organization type.
export default consolePage("user", ({ children }) => <PeopleLayout>{children}</PeopleLayout>);
