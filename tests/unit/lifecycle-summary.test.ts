import { describe, expect, it } from "vitest";
import type { LifecycleStatus } from "@/lib/lifecycle/schema";
import { lifecycleSummary, lifecycleSummaryMessage } from "@/lib/lifecycle/summary";
import { translatorFor } from "@/lib/i18n/messages";

// SPEC §4: summary messages cover all success, all cancelled, or some failed.

describe("lifecycleSummary", () => {
  it.each<[LifecycleStatus[], ReturnType<typeof lifecycleSummary>]>([
    [["success"], "all-success"],
    [["success", "success", "success"], "all-success"],
    [["cancelled"], "all-cancelled"],
    [["cancelled", "cancelled"], "all-cancelled"],
    [["failed"], "some-failed"],
    [["success", "failed", "success"], "some-failed"],
    [["cancelled", "failed"], "some-failed"],
    [["success", "cancelled"], null],
    [[], null],
    [["scheduled"], null],
    [["success", "active"], null],
    [["failed", "scheduled"], null],
  ])("%j → %j", (statuses, expected) => {
    expect(lifecycleSummary(statuses)).toBe(expected);
  });
});

describe("lifecycleSummaryMessage", () => {
  const en = translatorFor("en");
  const fr = translatorFor("fr");
  const text = (t: typeof en, statuses: LifecycleStatus[]) => {
    const message = lifecycleSummaryMessage(statuses);
    return message ? t(message.key, message.values) : null;
  };

  it("says the catalogue texts in English", () => {
    expect(text(en, ["success", "success"])).toBe("All operations succeeded");
    expect(text(en, ["cancelled"])).toBe("All operations were cancelled");
    expect(text(en, ["success", "failed", "failed", "cancelled"])).toBe("2 of 4 operations failed");
    expect(text(en, ["active"])).toBeNull();
  });

  it("says them in French", () => {
    expect(text(fr, ["success"])).toBe("Toutes les opérations ont réussi");
    expect(text(fr, ["cancelled", "cancelled"])).toBe("Toutes les opérations ont été annulées");
    expect(text(fr, ["failed", "failed", "success"])).toBe("2 opérations sur 3 ont échoué");
    expect(text(fr, ["failed", "success", "success"])).toBe("1 opération sur 3 a échoué");
  });
});
