import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UnrecoverableError } from "@/components/errors/unrecoverable-error";
import { AppShell } from "@/components/shell/app-shell";
import { PRODUCT_NAME } from "@/lib/constants";
import { organizationKeys } from "@/lib/organizations/queries";
import { makeQueryClient } from "@/lib/query-client";
import { userKeys } from "@/lib/users/queries";
import { bootstrapSession } from "@/server/pages/session";

type Params = Promise<{ organizationId: string }>;

async function currentOrganization(params: Params) {
  const { organizationId } = await params;
  const session = await bootstrapSession();
  if (session.status !== "ready") return { session, organization: undefined };
  return { session, organization: session.organizations.find((org) => org.id === decodeURIComponent(organizationId)) };
}

// SPEC §4: the page title is the product name followed by the organization name.
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { organization } = await currentOrganization(params);
  return { title: organization ? `${PRODUCT_NAME} - ${organization.name}` : PRODUCT_NAME };
}

export default async function OrganizationLayout({ children, params }: { children: React.ReactNode; params: Params }) {
  const { session, organization } = await currentOrganization(params);
  const t = await getTranslations("bootstrap");
  if (session.status === "no-organizations") return <UnrecoverableError message={t("noOrganizations")} />;
  if (session.status !== "ready" || !organization) return <UnrecoverableError message={t("organizationNotFound")} />;

  // The organizations and the user go into the page with the HTML: the shell renders complete on first load.
  const queryClient = makeQueryClient();
  queryClient.setQueryData(organizationKeys.list(), session.organizations);
  queryClient.setQueryData(userKeys.current, session.user);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AppShell>{children}</AppShell>
    </HydrationBoundary>
  );
}
