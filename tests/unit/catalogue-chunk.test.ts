import { describe, expect, it } from "vitest";
import { catalogueChunk } from "@/lib/i18n/catalogue-chunk";
import { MESSAGES } from "@/lib/i18n/messages";

// The browser's messages come from one chunk per language, not from every page's answer (lib/i18n/catalogue-chunk.ts).

describe("the catalogue chunk", () => {
  it("loads each language's whole catalogue once, and keeps it settled for React's use()", async () => {
    for (const locale of ["en", "fr"] as const) {
      const loading = catalogueChunk(locale);
      expect(catalogueChunk(locale)).toBe(loading);
      expect(await loading).toEqual(MESSAGES[locale]);
      // use() reads these two fields: a render after the first returns the messages without suspending.
      expect(loading).toMatchObject({ status: "fulfilled", value: MESSAGES[locale] });
    }
    expect(await catalogueChunk("fr")).not.toEqual(await catalogueChunk("en"));
  });
});
