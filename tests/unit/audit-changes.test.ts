import { describe, expect, it } from "vitest";
import { auditChanges, isSecretField, REDACTED } from "@/lib/audit/changes";
import { actorText, changeText, fieldLabel, kindLabel, valueText, type Translate } from "@/lib/audit/render";
import { auditSearchParams, readAuditSearch } from "@/lib/audit/search";
import { translatorFor } from "@/lib/i18n/messages";

// The audit log's field diff and its words: only what changed, secrets hidden, in English and French.

const en = translatorFor("en") as unknown as Translate;
const fr = translatorFor("fr") as unknown as Translate;

describe("auditChanges", () => {
  it("keeps only the fields that changed, nested ones by their dotted path", () => {
    const before = { name: "Lyon", bandwidthMbps: 500, location: { address: "Lyon", latitude: 45.76 }, prefixes: ["10.0.0.0/24"] };
    const after = { name: "Lyon", bandwidthMbps: 600, location: { address: "Lyon", latitude: 45.75 }, prefixes: ["10.0.0.0/24", "10.0.1.0/24"] };
    expect(auditChanges(before, after)).toEqual([
      { field: "bandwidthMbps", before: 500, after: 600 },
      { field: "location.latitude", before: 45.76, after: 45.75 },
      { field: "prefixes", before: ["10.0.0.0/24"], after: ["10.0.0.0/24", "10.0.1.0/24"] },
    ]);
  });

  it("shows a creation as every field from nothing and a deletion as every field to nothing", () => {
    expect(auditChanges(null, { name: "Paris", vlan: 10 })).toEqual([
      { field: "name", before: null, after: "Paris" },
      { field: "vlan", before: null, after: 10 },
    ]);
    expect(auditChanges({ name: "Paris" }, null)).toEqual([{ field: "name", before: "Paris", after: null }]);
    expect(auditChanges({ name: "Paris" }, { name: "Paris" })).toEqual([]);
  });

  it("never shows a secret's value, only that it changed, set or cleared", () => {
    const changes = auditChanges(
      { presharedKey: "old-secret", clientSecret: "abc", presharedKeySet: false, auth: { password: "p1" }, claimCodeHash: "h" },
      { presharedKey: "new-secret", clientSecret: null, presharedKeySet: true, auth: { password: "p2" }, claimCodeHash: "h2" },
    );
    expect(changes).toEqual([
      { field: "presharedKey", before: REDACTED, after: REDACTED },
      { field: "clientSecret", before: REDACTED, after: null },
      { field: "presharedKeySet", before: false, after: true },
      { field: "auth.password", before: REDACTED, after: REDACTED },
      { field: "claimCodeHash", before: REDACTED, after: REDACTED },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/old-secret|new-secret|abc|p1|p2/);
    expect([isSecretField("ipsecKeySet"), isSecretField("name"), isSecretField("device.token")]).toEqual([false, false, true]);
  });
});

describe("the audit log's words", () => {
  it("names fields, kinds and values in the reader's language", () => {
    expect(changeText(en, { field: "bandwidthMbps", before: 500, after: 600 })).toBe("Bandwidth (Mbps): 500 → 600");
    expect(changeText(fr, { field: "location.latitude", before: null, after: 45.75 })).toBe("Emplacement › Latitude\u202f: — → 45.75");
    expect([kindLabel(en, "path"), kindLabel(fr, "path")]).toEqual(["Path", "Chemin"]);
    expect(fieldLabel(en, "someNewField")).toBe("Some new field");
    expect([valueText(en, REDACTED), valueText(fr, REDACTED)]).toEqual(["(secret, hidden)", "(secret, masqué)"]);
    expect([valueText(en, true), valueText(fr, false), valueText(en, []), valueText(en, ["a", "b"]), valueText(en, { a: 1 })]).toEqual(["yes", "non", "(none)", "a, b", '{"a":1}']);
  });

  it("names who made a change by address, else name, else as no longer known, and the API token it was made with", () => {
    expect(actorText(en, { userId: "u1", email: "admin@contoso.example", name: "Ada Admin", token: null })).toBe("admin@contoso.example");
    expect(actorText(en, { userId: "u1", email: null, name: "Ada Admin", token: null })).toBe("Ada Admin");
    expect(actorText(fr, { userId: null, email: null, name: null, token: null })).toBe("Un utilisateur qui n’est plus connu");
    const token = { id: "t1", name: "terraform" };
    expect(actorText(en, { userId: "u1", email: "admin@contoso.example", name: null, token })).toBe("admin@contoso.example (API token terraform)");
    expect(actorText(fr, { userId: "u1", email: "admin@contoso.example", name: null, token })).toBe("admin@contoso.example (jeton d’API terraform)");
  });
});

describe("the audit search in a URL", () => {
  it("reads what it knows, leaves out an unknown kind and a time out of range, and writes it back", () => {
    const params = new URLSearchParams("user=a@b.example&kind=spaceship&object=Lyon&startTime=2026-03-01T00:00:00.000Z&endTime=99999-01-01");
    const search = readAuditSearch((name) => params.get(name) ?? undefined);
    expect(search).toEqual({ user: "a@b.example", object: "Lyon", startTime: new Date("2026-03-01T00:00:00Z") });
    expect(auditSearchParams({ ...search, kind: "path" })).toEqual({ user: "a@b.example", kind: "path", object: "Lyon", startTime: "2026-03-01T00:00:00.000Z" });
  });
});
