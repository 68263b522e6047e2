import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { UnrecoverableError } from "@/components/errors/unrecoverable-error";
import { bootstrapSession, homePath } from "@/server/pages/session";

// / — the signed-in user's organization home.
export default async function IndexPage() {
  const session = await bootstrapSession();
  if (session.status === "ready") redirect(homePath(session.home));
  const t = await getTranslations("bootstrap");
  return <UnrecoverableError message={session.status === "no-organizations" ? t("noOrganizations") : t("organizationNotFound")} />;
}
