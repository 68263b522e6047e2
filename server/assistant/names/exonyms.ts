import "server-only";

// City names people write in the other language of the console ("Francfort" for Frankfurt): a name holding one is
// also found by the other. Folded, both ways round.
const PAIRS: [string, string][] = [
  ["frankfurt", "francfort"],
  ["london", "londres"],
  ["brussels", "bruxelles"],
  ["geneva", "geneve"],
  ["vienna", "vienne"],
  ["lisbon", "lisbonne"],
  ["barcelona", "barcelone"],
  ["warsaw", "varsovie"],
  ["copenhagen", "copenhague"],
  ["athens", "athenes"],
  ["cologne", "koln"],
  ["munich", "munchen"],
  ["milan", "milano"],
  ["seville", "sevilla"],
  ["venice", "venise"],
  ["edinburgh", "edimbourg"],
  ["singapore", "singapour"],
  ["beijing", "pekin"],
  ["moscow", "moscou"],
  ["antwerp", "anvers"],
  ["the hague", "la haye"],
  ["basel", "bale"],
  ["rome", "roma"],
  ["lyon", "lyons"],
  ["marseille", "marseilles"],
];

const OTHER = new Map<string, string>();
for (const [english, french] of PAIRS) {
  OTHER.set(english, french);
  OTHER.set(french, english);
}

/** The name written with its city in the other language, when it holds one (folded words in, folded words out). */
export function exonymAliases(foldedName: string): string[] {
  const aliases: string[] = [];
  for (const [city, other] of OTHER) {
    const pattern = new RegExp(`(^| )${city}( |$)`);
    if (pattern.test(foldedName)) aliases.push(foldedName.replace(pattern, `$1${other}$2`));
  }
  return aliases;
}

// Abbreviations engineers write for the words of names ("xconnect" for cross-connect, "DC" for data center, "HQ" for
// headquarters): a name holding one form is also found by the others of its group. Folded.
const ABBREVIATIONS: string[][] = [
  ["cross connect", "xconnect", "x connect", "crossconnect", "xconn", "xc"],
  ["dc", "data center", "datacenter", "data centre", "datacentre"],
  ["hq", "headquarters", "head office", "siege"],
  ["dx", "direct connect"],
  ["dia", "direct internet access"],
  ["er", "expressroute", "express route"],
];

/** The name written with each abbreviation of its group swapped for the others (folded words in, folded words out). */
export function abbreviationAliases(foldedName: string): string[] {
  const aliases: string[] = [];
  for (const group of ABBREVIATIONS) {
    for (const form of group) {
      const pattern = new RegExp(`(^| )${form}( |$)`);
      if (!pattern.test(foldedName)) continue;
      for (const other of group) if (other !== form) aliases.push(foldedName.replace(pattern, `$1${other}$2`));
    }
  }
  return aliases;
}
