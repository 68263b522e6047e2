import { ApiDocsPage } from "@/components/api-docs/api-docs-page";
import { guardConsolePage } from "@/server/pages/session";

export default async function ApiDocs({ params }: { params: Promise<{ organizationId: string }> }) {
  await guardConsolePage((await params).organizationId, "apiDocs");
  return <ApiDocsPage />;
}
