import { redirect } from "next/navigation";
import { organizationPath } from "@/lib/routes";
import { consolePage } from "@/server/pages/console-page";

// customer/site/{siteId} — the site opens on its Configuration tab (search parameters such as ?properties kept).
export default consolePage("customer/site/:siteId", ({ organization, params, searchParams }) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const item of [value ?? []].flat()) query.append(key, item);
  }
  const search = query.toString();
  redirect(`${organizationPath(organization.id, `customer/site/${encodeURIComponent(params.siteId)}/configuration`)}${search ? `?${search}` : ""}`);
});
