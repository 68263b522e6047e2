// A subinterface's EtherType (SPEC §3): the API's codes and how people write them. Without zod, so that a page's
// first load can show them (tests/unit/first-load-weight.test.ts).

export const ETHER_TYPES = ["8021q", "802ad", "9100", "9200"] as const;
export type EtherType = (typeof ETHER_TYPES)[number];
/** How people write each EtherType (the API's codes are 8021q…): the IEEE standard's name, or the TPID in hex. */
export const ETHER_TYPE_LABELS: Record<EtherType, string> = { "8021q": "802.1Q", "802ad": "802.1ad", "9100": "0x9100", "9200": "0x9200" };
