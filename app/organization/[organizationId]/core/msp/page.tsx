import { MspsPage } from "@/components/msps/msps-page";
import { mspsQueryOptions } from "@/lib/msps/queries";
import { searchFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// core/msp — the operator's home: every MSP with its customers and attachments, prefetched so it renders complete.
export default consolePage("core/msp", async ({ searchParams, prefetch }) => {
  await prefetch(mspsQueryOptions(searchFromUrl(searchParams)));
  return <MspsPage />;
});
