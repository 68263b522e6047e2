import { redirect } from "next/navigation";
import { organizationPath } from "@/lib/routes";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// customer/site/{siteId} — the site opens on its Configuration tab (search parameters such as ?properties kept).
export default async function SiteRoute({ params, searchParams }: { params: Promise<{ organizationId: string; siteId: string }>; searchParams: SearchParams }) {
  const { organizationId, siteId } = await params;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, item);
  }
  const search = query.toString();
  redirect(`${organizationPath(decodeURIComponent(organizationId), `customer/site/${siteId}/configuration`)}${search ? `?${search}` : ""}`);
}
