// Where a link in an assistant's answer may lead: the console's own pages, by a path of this origin ("/organization/…").
// An answer quotes text others wrote (an object's description, an organization's name): a link to another host in
// it would be a phishing link inside a trusted answer, so such links and bare URLs are shown as their text.

/** The href kept for a link of an answer, or null when it would leave the console. */
export function consoleHref(href: string | null | undefined): string | null {
  if (!href) return null;
  // A browser drops tabs and newlines from a URL and reads "\" as "/": "/\t/evil.example" would be another host.
  if (/[\u0000-\u0020\u007f\\]/.test(href)) return null;
  // One slash, then no second one: a path of this origin, not "//host" (protocol-relative) nor "https:" or "mailto:".
  return /^\/(?!\/)/.test(href) ? href : null;
}
