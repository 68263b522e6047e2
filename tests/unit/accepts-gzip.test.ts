import { describe, expect, it } from "vitest";
import { acceptsGzip, varyOnEncoding } from "@/server/core/accepts-gzip";

// One reading of Accept-Encoding and one Vary rule for the API's compression, its kept answers and the pages.

describe("acceptsGzip", () => {
  it("takes gzip by name or *, never with q=0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, *;q=0.5")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("varyOnEncoding", () => {
  it("adds Accept-Encoding to what the answer already varies on, once", () => {
    expect(varyOnEncoding(undefined)).toBe("Accept-Encoding");
    expect(varyOnEncoding("")).toBe("Accept-Encoding");
    expect(varyOnEncoding("rsc, Next-Router-State-Tree")).toBe("rsc, Next-Router-State-Tree, Accept-Encoding");
    expect(varyOnEncoding(["rsc", "Cookie"])).toBe("rsc, Cookie, Accept-Encoding");
  });

  it("leaves a Vary that names it already, or *, as it is", () => {
    expect(varyOnEncoding("Accept-Encoding")).toBeUndefined();
    expect(varyOnEncoding("rsc, accept-encoding")).toBeUndefined();
    expect(varyOnEncoding("*")).toBeUndefined();
  });
});
