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
