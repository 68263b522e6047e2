import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { webhooksQueryOptions } from "@/lib/webhooks/queries";
import { consolePage } from "@/server/pages/console-page";

// webhooks — the organization's webhook endpoints and their deliveries log.
export default consolePage("webhooks", async ({ organization, prefetch }) => {
  await prefetch(webhooksQueryOptions(organization.id));
  return <WebhooksPage />;
});
