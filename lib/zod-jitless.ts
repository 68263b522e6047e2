import { config } from "zod";

// In the browser zod compiles its object parsers with `new Function` unless told not to, and its probe for that trips
// the page's Content-Security-Policy (no 'unsafe-eval'), which the browser reports as a violation even though zod
// catches it. Imported by what parses in the browser, before its first parse (the forms' resolver, chat links, the CSV
// import) — never by a page's first load, which carries no zod; the server keeps the compiled parsers.
if (typeof window !== "undefined") config({ jitless: true });
