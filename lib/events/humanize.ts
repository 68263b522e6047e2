/** "bandwidthMbps" → "Bandwidth mbps", "ipsec-endpoint" → "Ipsec endpoint": a last resort for a field the catalogue lacks. */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}
