import type { Metadata } from "next";
import { AppShell } from "@/components/shell/app-shell";
import { PRODUCT_NAME } from "@/lib/constants";
import { organizationsQueryOptions } from "@/lib/organizations/queries";
import { safeDecode } from "@/lib/request-target";
import { currentUserQueryOptions } from "@/lib/users/queries";
import { consolePage } from "@/server/pages/console-page";
import { bootstrapSession } from "@/server/pages/session";

// SPEC §4: the page title is the product name followed by the organization name.
export async function generateMetadata({ params }: { params: Promise<{ organizationId: string }> }): Promise<Metadata> {
  const [session, { organizationId }] = await Promise.all([bootstrapSession(), params]);
  const id = safeDecode(organizationId);
  const organization = session.status === "ready" ? session.organizations.find((org) => org.id === id) : undefined;
  return { title: organization ? `${PRODUCT_NAME} - ${organization.name}` : PRODUCT_NAME };
}

// The common layout of every organization page. The session's organizations and user go into the page with the HTML,
// so the shell renders complete on first load; an organization the user may not see goes silently to / (SPEC §6).
export default consolePage("", ({ organizations, user, seed, children }) => {
  seed(organizationsQueryOptions(), organizations);
  seed(currentUserQueryOptions(), user);
  return <AppShell>{children}</AppShell>;
});
