import { describe, expect, it } from "vitest";
import { eventEntityHref } from "@/lib/events/links";

// An event's object links to its page in its owner's console, only while it is there and the reader may open it.

const base = { organizationId: "org-1", entityId: "obj-1", entityPlace: null, node: null };
const customer = { organizationType: "customer" as const };
const msp = { organizationType: "msp" as const };
const READ = ["common:config:read", "msp:inventory:read", "msp:lifecycle:read"];

describe("eventEntityHref", () => {
  it("links a path, a site and a connector to the customer's dashboard pages", () => {
    const place = { siteId: "site-1", nodeKind: null, fabricId: null };
    expect(eventEntityHref({ ...base, entityType: "path", entityPlace: place }, customer, READ)).toBe("/organization/org-1/customer/dashboard/site-1/path/obj-1");
    expect(eventEntityHref({ ...base, entityType: "site", entityPlace: { ...place, siteId: null } }, customer, READ)).toBe("/organization/org-1/customer/dashboard/obj-1");
    expect(eventEntityHref({ ...base, entityType: "connector", entityPlace: place }, customer, READ)).toBe("/organization/org-1/customer/dashboard/site-1/connector/obj-1");
  });

  it("links a node by its kind, and a port to its node's configuration", () => {
    const edge = { siteId: null, nodeKind: "edge" as const, fabricId: null };
    expect(eventEntityHref({ ...base, entityType: "node", entityPlace: edge }, msp, READ)).toBe("/organization/org-1/msp/edgeNode/obj-1");
    expect(eventEntityHref({ ...base, entityType: "node", entityPlace: { ...edge, nodeKind: "core", fabricId: "f-1" } }, msp, READ)).toBe(
      "/organization/org-1/msp/coreFabric/f-1/coreNode/obj-1",
    );
    expect(eventEntityHref({ ...base, entityType: "interface", node: { id: "n-1", kind: "cpe", fabricId: null } }, msp, READ)).toBe(
      "/organization/org-1/msp/cpeNode/n-1/configuration",
    );
  });

  it("does not link what is gone, out of sight, or a page the reader may not open", () => {
    expect(eventEntityHref({ ...base, entityType: "path" }, customer, READ)).toBeNull();
    expect(eventEntityHref({ ...base, entityType: "site", entityPlace: { siteId: null, nodeKind: null, fabricId: null } }, undefined, READ)).toBeNull();
    expect(eventEntityHref({ ...base, entityType: "device", entityPlace: { siteId: null, nodeKind: null, fabricId: null } }, msp, ["common:config:read"])).toBeNull();
    expect(eventEntityHref({ ...base, entityType: "supportTicket" }, customer, READ)).toBeNull();
    // A list page for kinds without a page of their own.
    expect(eventEntityHref({ ...base, entityType: "alarm" }, customer, READ)).toBe("/organization/org-1/alarms");
  });
});
