import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, htmlFromText, MAIL_NAME_MAX, mailName } from "@/server/mail/plain-text";
import { budgetWaitMs } from "@/server/people/invitation-budget";

// Issue 41, scope 4: names people chose reach a mail as plain text no client links, and the HTML part is escaped text.

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;

describe("mailName", () => {
  it.each([
    ["WIN A PRIZE at http://evil.example now", "WIN A PRIZE at http[:]//evil[.]example now"],
    ["Fiona admin@contoso.example", "Fiona admin[@]contoso[.]example"],
    ["see www.evil.example or evil.example/path", "see www[.]evil[.]example or evil[.]example/path"],
    ["HTTPS://EVIL.EXAMPLE", "HTTPS[:]//EVIL[.]EXAMPLE"],
    ["javascript://x.y", "javascript[:]//x[.]y"],
    ["http://192.168.0.1", "http[:]//192[.]168[.]0[.]1"],
    // Look-alikes a browser or mail client reads as dots, @ and :// (fullwidth, ideographic, small forms).
    ["ｈｔｔｐ：／／evil．example", "http[:]//evil[.]example"],
    ["evil。example", "evil[.]example"],
    ["admin＠evil.example", "admin[@]evil[.]example"],
    ["admin﹫evil.example", "admin[@]evil[.]example"],
    // Hidden and direction-changing characters go; line breaks become spaces.
    ["Ira\u202e Te\u200bch\u00ad", "Ira Tech"],
    ["evil\u200b.example", "evil[.]example"],
    ["Tech\r\nDear customer", "Tech Dear customer"],
    // Ordinary names stay as they are.
    ["Contoso", "Contoso"],
    ["Northwind Networks Ltd.", "Northwind Networks Ltd."],
    ["St. Louis & Co @ home", "St. Louis & Co @ home"],
    ["Zoë O'Brien-Smith", "Zoë O'Brien-Smith"],
    ["", ""],
  ])("%j → %j", (name, quoted) => {
    expect(mailName(name)).toBe(quoted);
  });

  it("cuts a long name to the limit with an ellipsis, never inside a character", () => {
    expect(mailName("x".repeat(MAIL_NAME_MAX))).toBe("x".repeat(MAIL_NAME_MAX));
    expect(mailName("x".repeat(MAIL_NAME_MAX + 1))).toBe(`${"x".repeat(MAIL_NAME_MAX - 1)}…`);
    expect(mailName("👩‍👩‍👧".repeat(100))).toBe(`${"👩‍👩‍👧".repeat(MAIL_NAME_MAX - 1)}…`);
    expect(mailName("abc def ghi", 5)).toBe("abc…");
  });

  it("never leaves a link, an address, a line break or a hidden character, whatever the name (property)", () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "grapheme", maxLength: 80 }),
      // Any UTF-16 code unit, lone surrogates among them.
      fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 80 }),
      fc.array(fc.constantFrom("http", "://", ".", "。", "．", "@", "＠", "evil", "example", " ", "\n", "\u202e", "\u200b", "www", "a", "1"), { maxLength: 40 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(hostile, (name) => {
        const whole = mailName(name, Infinity);
        expect(whole).not.toMatch(/:\/\//);
        expect(whole).not.toMatch(/[\p{L}\p{N}_-][.\u3002\uff0e\uff61][\p{L}\p{N}]/u);
        expect(whole.replaceAll("[@]", "")).not.toMatch(/\S@\S/);
        expect(whole).not.toMatch(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/u);
        expect(graphemes(mailName(name))).toBeLessThanOrEqual(MAIL_NAME_MAX);
      }),
      { numRuns: 2_000, seed: 41 },
    );
  });
});

describe("htmlFromText", () => {
  const link = "https://console.example/invite/abc_DEF-123";

  it("escapes every character of the text and links only the message's link", () => {
    const html = htmlFromText(`<b>Boss</b> & "Co" invited you.\n\nOpen:\n${link}\n\nBye <script>alert(1)</script>`, link);
    expect(html).toContain("<p>&lt;b&gt;Boss&lt;/b&gt; &amp; &quot;Co&quot; invited you.</p>");
    expect(html).toContain(`<p>Open:<br>\n<a href="${link}">${link}</a></p>`);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it("holds no markup but its own, whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 100 })), (text) => {
        const html = htmlFromText(`${text}\n\n${link}`, link);
        const tags = html.match(/<[^>]*>/g) ?? [];
        expect(tags.every((tag) => /^<(!doctype html|\/?html|\/?body|\/?p|br|\/a|a href="[^"<>]*")>$/.test(tag))).toBe(true);
        expect(html).toContain(escapeHtml(text).split("\n\n")[0].split("\n")[0]);
        expect(html.match(/<a /g)).toHaveLength(1);
      }),
      { numRuns: 1_000, seed: 41 },
    );
  });
});

describe("budgetWaitMs", () => {
  const now = new Date("2026-12-07T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const budget = { hour: 3, day: 5 };

  it("is 0 under both limits", () => {
    expect(budgetWaitMs([], budget, now)).toBe(0);
    expect(budgetWaitMs([ago(1), ago(2)], budget, now)).toBe(0);
    expect(budgetWaitMs([ago(1), ago(2), ago(61), ago(62)], budget, now)).toBe(0);
  });

  it("waits until the limit-th newest mail of the hour leaves it", () => {
    expect(budgetWaitMs([ago(1), ago(10), ago(20), ago(30)], budget, now)).toBe(40 * 60_000);
  });

  it("waits until the limit-th newest mail of the day leaves it, the longer wait winning", () => {
    const day = [ago(70), ago(80), ago(90), ago(100), ago(23 * 60)];
    expect(budgetWaitMs(day, budget, now)).toBe(60 * 60_000);
    // The hour waits 57 minutes for its third newest; the day 22 h 40 min for its fifth newest (80 minutes old).
    expect(budgetWaitMs([ago(1), ago(2), ago(3), ...day], budget, now)).toBe((24 * 60 - 80) * 60_000);
  });
});
