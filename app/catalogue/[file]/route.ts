import { findCatalogueScript } from "@/server/i18n/catalogue-script";

// A language's message catalogue for the browser (lib/i18n/client-catalogue.ts). Public: the sign-in page needs it.
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const script = findCatalogueScript((await params).file);
  if (!script) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(script.body, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": script.current ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
    },
  });
}
