import { describe, expect, it } from "vitest";
import { answerLocale, missedFacts, number } from "../../scripts/assistant-eval/harness";

// The evaluation reads an answer's figures the way the answer writes them: a French question in the English interface
// is answered in French (issue 40, scope 8), and "1,6 ms" there is 1.6, not 16.

const answer = (text: string) => ({ text, links: [], approvals: [] }) as never;

describe("the evaluation's reading of figures", () => {
  it("reads a French answer's decimals in the English interface", () => {
    const french = "Dernières mesures\u202f: latence 8,5\u00a0ms, gigue 1,6\u00a0ms.";
    expect(answerLocale(french, "en")).toBe("fr");
    expect(missedFacts(answer(french), [number("jitter", 1.6, 0.2)], "en")).toEqual([]);
  });

  it("reads an English answer's thousands and decimals in the English interface", () => {
    const english = "Latest measurements: latency 8.5 ms, bandwidth 1,000 Mbps.";
    expect(answerLocale(english, "en")).toBe("en");
    expect(missedFacts(answer(english), [number("bandwidth", 1000, 0)], "en")).toEqual([]);
    expect(missedFacts(answer(english), [number("latency", 8.5, 0.1)], "en")).toEqual([]);
  });
});
