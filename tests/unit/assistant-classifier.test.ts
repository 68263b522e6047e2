import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { translatorFor } from "@/lib/i18n/messages";
import { hashExamples, predict, train } from "@/server/assistant/classifier/logistic";
import { classify } from "@/server/assistant/classifier/model";
import { LABELS } from "@/server/assistant/classifier/templates";
import { random, trainingExamples, typo } from "@/server/assistant/classifier/training";
import trained from "@/server/assistant/classifier/weights.json";
import { decide } from "@/server/assistant/decide";
import { readIntent } from "@/server/assistant/intent";
import { CONFIDENCE_THRESHOLD } from "@/server/assistant/understanding/classified";

// The trained intent classifier (issue 40, scope 2): committed weights that match their training sentences, a model
// that reads typos and French, and a confidence threshold below which the assistant asks which of two it means.

const read = (text: string, locale: "en" | "fr" = "en") => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale });
const top = (text: string) => classify(text)[0];

describe("the intent classifier", () => {
  it("is trained on the sentences the templates give today (run `npm run train:assistant` after changing them)", () => {
    expect(hashExamples(trainingExamples())).toBe(trained.dataHash);
    expect(trained.labels).toEqual([...LABELS]);
  });

  it("generates the same sentences from the same seed, in both languages, some with typos", () => {
    const examples = trainingExamples();
    expect(trainingExamples().slice(0, 50)).toEqual(examples.slice(0, 50));
    expect(new Set(examples.map((example) => example.label))).toEqual(new Set(LABELS));
    expect(examples.some((example) => /chemin|alarmes/.test(example.text))).toBe(true);
    const next = random(7);
    const slipped = typo("which paths are degraded", next);
    expect(slipped).not.toBe("which paths are degraded");
    expect(slipped.split(" ")).toHaveLength(4);
  });

  it("learns by gradient descent: a small model separates what it was shown, with probabilities that add up to 1", () => {
    const examples = [
      ...["open alarms", "any alarms", "critical alarms", "alarm list"].map((text) => ({ text, label: "alarms" })),
      ...["list sites", "my sites", "all sites", "sites please"].map((text) => ({ text, label: "sites" })),
    ];
    const model = train(examples, ["alarms", "sites"], { epochs: 20, rate: 0.5, l2: 0, prune: 0, shuffle: random(1) });
    const guesses = predict(model, "show alarms");
    expect(guesses[0].label).toBe("alarms");
    expect(guesses.reduce((sum, guess) => sum + guess.probability, 0)).toBeCloseTo(1, 6);
    expect(predict(model, "which sites")[0].label).toBe("sites");
  });

  it.each([
    ["how do I set up a new core fabirc?", "howTo:coreFabric"],
    ["what do I need to set up an ipsec conector?", "howTo:connector"],
    ["y a t il des alarmmes critiques ouvertes", "alarms"],
    ["which pahts are degrded right now", "unhealthyPaths"],
    ["quel conecteur est le plus chargé ?", "connectorUsage"],
    ["whats the wether in zsite tomorow", "outOfScope"],
    ["comment on fait pour inviter un collegue", "howTo:invite"],
    ["wats my role here", "permissions"],
  ])("reads %j as %s", (text, label) => {
    expect(top(text).label).toBe(label);
  });
});

describe("the classifier in the understanding layer", () => {
  it("answers with its best guess when it is sure of it and no rule reads the question", () => {
    const guess = top("how do I set up a new core fabirc?");
    expect(guess.probability).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
    expect(read("how do I set up a new core fabirc?")).toMatchObject({ kind: "tool", toolName: "guideTask", input: { task: "coreFabric" }, intent: "classified:howTo:coreFabric" });
  });

  it("below the confidence threshold, asks which of its two best guesses the user means, in their language", () => {
    const question = "jittr and los?";
    const guesses = classify(question);
    expect(guesses[0].probability).toBeLessThan(CONFIDENCE_THRESHOLD);
    const understood = read(question);
    expect(understood.kind).toBe("clarify");
    if (understood.kind !== "clarify") throw new Error("no question back");
    const [first, second] = understood.guesses;
    expect(first).toBe(guesses[0].label);
    expect(guesses.map((guess) => guess.label)).toContain(second);
    const t = translatorFor("en");
    const text = t("assistant.clarify", { first: t(`assistant.guesses.${first.replace(":", ".")}` as never), second: t(`assistant.guesses.${second.replace(":", ".")}` as never) });
    const answer = decide([{ role: "user", content: [{ type: "text", text: question }] }], "en", ASSISTANT_TOOL_NAMES);
    expect(answer).toEqual({ type: "text", text });
    expect(text).toContain("Do you mean");
  });

  it("does not take a question's own words for the network's: no network word, no network intent", () => {
    expect(read("quel est le sens de la vie ?", "fr")).toMatchObject({ kind: "out-of-scope" });
    expect(read("hello")).toMatchObject({ kind: "help" });
    expect(read("merci", "fr")).toMatchObject({ kind: "help" });
  });

  it("leaves the rules' reading alone where a rule reads the question", () => {
    expect(read("open alarms")).toMatchObject({ kind: "tool", toolName: "listOpenAlarms", intent: "alarms" });
    expect(read("how do I create a path?")).toMatchObject({ toolName: "guidePathCreation", intent: "how-to" });
  });
});
