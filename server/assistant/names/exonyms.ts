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

// The metro codes engineers type for a city ("fra -> aws", "the sea edge"), as the network's node names use them;
// none that is also a common word ("par" is French for "by").
const CITY_CODES: [string, string][] = [
  ["frankfurt", "fra"],
  ["london", "lon"],
  ["amsterdam", "ams"],
  ["seattle", "sea"],
  ["madrid", "mad"],
  ["dublin", "dub"],
  ["ashburn", "ash"],
  ["singapore", "sin"],
];

/**
 * A site's or path's name with its cities written by their metro codes ("fra dc", "sea ⇄ dub"): each city, and every
 * one at once. Not for nodes and links, whose own names are written with those codes already ("nw-fra-sin").
 */
export function cityCodeAliases(foldedName: string): string[] {
  const aliases: string[] = [];
  let coded = foldedName;
  for (const [city, code] of CITY_CODES) {
    const pattern = new RegExp(`(^| )${city}( |$)`);
    if (!pattern.test(foldedName)) continue;
    aliases.push(foldedName.replace(pattern, `$1${code}$2`));
    coded = coded.replace(pattern, `$1${code}$2`);
  }
  if (aliases.length > 1) aliases.push(coded);
  return aliases;
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
// headquarters): a name holding a long form is also found by its short ones (folded). Never the other way round: a
// long form's common word or its start ("data", "head") would make any question name it.
const ABBREVIATIONS: [RegExp, string[]][] = [
  [/(^| )(?:cross connect|crossconnect)( |$)/, ["xconnect", "xconn", "crossconnect"]],
  [/(^| )(?:data center|data centre|datacenter|datacentre)( |$)/, ["dc"]],
  [/(^| )(?:headquarters|head office|head quarters)( |$)/, ["hq"]],
];

/** The name written with its long forms abbreviated (folded words in, folded words out). */
export function abbreviationAliases(foldedName: string): string[] {
  return ABBREVIATIONS.flatMap(([long, shorts]) => (long.test(foldedName) ? shorts.map((short) => foldedName.replace(long, `$1${short}$2`)) : [])).filter(
    (alias) => alias !== foldedName,
  );
}
