import "server-only";
import type { Locale } from "@/lib/constants";
import { fold } from "../text";

// The language a question is written in (issue 40, scope 8): the assistant answers a French question in French in an
// English console, and the reverse. Told by the words only the one language uses; a question too short or too mixed
// to tell keeps the console's language.

const FRENCH = new Set(
  (
    "le la les des du de un une est sont et ou pourquoi quel quelle quels quelles combien comment quand qui que quoi ce cette ces " +
    "mon ma mes notre nos votre vos leur leurs je tu il elle nous vous ils elles on y a au aux avec pour par sur dans chez depuis " +
    "entre vers chemin chemins reseau lent lente panne alarme alarmes evenements hier demain aujourd hui semaine dernier derniere " +
    "derniers dernieres heure heures jour jours montre montrez donne donnez dis liste listez peux pouvez puis fait faire avons avez " +
    "ont etat sante pire meilleur plus moins trafic debit latence gigue perte pertes redemarre redemarrer supprime supprimer cree " +
    "creer ajoute ajouter mets qu c s n l d j m t merci bonjour salut"
  ).split(" "),
);
const ENGLISH = new Set(
  (
    "the is are was were and or why what which how many much when who whose this that these those my our your their i you we they " +
    "it its of for to in on at with from by since between path paths network slow down alarm alarms events yesterday tomorrow today " +
    "week last hour hours day days show give tell list can could would should do does did have has had status health worst best more " +
    "less traffic bandwidth latency jitter loss reboot restart delete remove create add set up please thanks hi hello there any all"
  ).split(" "),
);
// Words both languages write the same way, which tell nothing.
const SHARED = new Set(["a", "site", "sites", "latence", "on", "vs", "sla", "status", "ok"]);

/**
 * The language a turn is answered in: the last question's own when its words tell it, else the language the
 * conversation was last clearly in ("pourquoi ?" after a French question), else the console's.
 */
export function answerLanguage(questions: readonly string[], consoleLocale: Locale): Locale {
  for (let index = questions.length - 1; index >= 0; index--) {
    const language = questionLanguage(questions[index]);
    if (language) return language;
  }
  return consoleLocale;
}

/** The question's language when its words tell it clearly, else null. */
export function questionLanguage(text: string): Locale | null {
  let french = 0;
  let english = 0;
  for (const word of fold(text).split(" ")) {
    if (!word || SHARED.has(word)) continue;
    if (FRENCH.has(word)) french++;
    if (ENGLISH.has(word)) english++;
  }
  // Accents are French's own.
  if (/[àâçéèêëîïôûùüÿœ]/i.test(text)) french += 2;
  if (french >= 2 && french >= english * 2) return "fr";
  if (english >= 2 && english >= french * 2) return "en";
  return null;
}
