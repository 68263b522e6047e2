import "server-only";

/** The longest name (organization, person) a mail quotes; a longer one is cut with an ellipsis. */
export const MAIL_NAME_MAX = 60;

// Invisible or direction-changing characters (zero-width space, bidi marks, overrides and isolates, BOM) could hide or
// reorder text: they go (the joiners stay: emoji and some scripts need them). Control characters (line breaks among
// them) could start a line of the sender's: they become spaces.
const HIDDEN = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff]/gu;
// Dots a browser or mail client takes for a domain's dot: ASCII, ideographic, fullwidth (after NFKC) and halfwidth.
const DOT = "[.\u3002\uff0e\uff61]";
const SCHEME = /:(?=\/\/)/gu;
const WORD = "[\\p{L}\\p{M}\\p{N}_\\u200c\\u200d-]";
const DOMAIN_DOT = new RegExp(`(?<=${WORD})${DOT}(?=${WORD})`, "gu");
const AT = /(?<=\S)@(?=\S)/gu;

/**
 * Text a user chose (an organization's or a person's name) as a mail may quote it: one line of plain text that no mail
 * client turns into a link or an address. The rule, in one place, applied after NFKC (so look-alikes count): "://" is
 * written "[:]//", a dot between two word characters "[.]", an "@" inside a word "[@]"; hidden characters go, and the
 * name is cut to `max` characters with an ellipsis. "http://evil.example" → "http[:]//evil[.]example",
 * "a@x.example" → "a[@]x[.]example".
 */
export function mailName(value: string, max = MAIL_NAME_MAX): string {
  const plain = value.normalize("NFKC").replace(HIDDEN, "").replace(/[\p{Cc}\s]+/gu, " ").trim();
  const neutral = plain.replace(SCHEME, "[:]").replace(DOMAIN_DOT, "[.]").replace(AT, "[@]");
  const characters = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(neutral)].map((part) => part.segment);
  if (characters.length <= max) return neutral;
  return `${characters.slice(0, max - 1).join("").trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * The HTML part of a mail, from its plain text: every character escaped, paragraphs at blank lines, and one link —
 * the message's own, which the console made — where the text shows it. Nothing else in it is markup.
 */
export function htmlFromText(text: string, link: string): string {
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => escapeHtml(paragraph).split(escapeHtml(link)).join(anchor).replace(/\n/g, "<br>\n"))
    .map((paragraph) => `<p>${paragraph}</p>`);
  return `<!doctype html>\n<html><body>\n${paragraphs.join("\n")}\n</body></html>\n`;
}
