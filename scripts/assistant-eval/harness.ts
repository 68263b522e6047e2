// The evaluation's machinery: demo users signed in through the API, questions asked through the chat API exactly as
// the console asks them (a new chat, the question, the answer's UI message stream read to its end), and the facts a
// right answer must hold, checked against what the assistant wrote.
import { randomUUID } from "node:crypto";
import type { Locale } from "@/lib/constants";
import { foldText } from "@/lib/locations/text";
import { apiCall, EVAL_PASSWORD } from "./network";

// The first six are the original set's; the others are the kinds of question issue 40 names (names and aliases, typos
// and synonyms, follow-ups in a conversation, ranking/counting/comparing plans, time, how-to and permissions coverage,
// the question's own language, questions outside what the assistant does).
export const CATEGORIES = [
  "understanding",
  "live-data",
  "root-cause",
  "onboarding",
  "actions",
  "safety",
  "names",
  "typos-synonyms",
  "conversation",
  "plans",
  "time",
  "coverage",
  "language",
  "out-of-scope",
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Answer {
  text: string;
  tools: string[];
  links: { label: string; path: string }[];
  /** Tool calls waiting for the user's approval. */
  approvals: string[];
  error: string | null;
}

/** One thing a right answer must (or must not) hold. */
export type Fact =
  | { kind: "text"; any: string[]; why: string }
  | { kind: "absent"; text: string; why: string }
  | { kind: "number"; value: number; tolerance: number; why: string }
  | { kind: "link"; path: string; why: string }
  | { kind: "approval"; expected: boolean; why: string };

export const text = (why: string, ...any: string[]): Fact => ({ kind: "text", any, why });
export const absent = (why: string, value: string): Fact => ({ kind: "absent", text: value, why });
export const number = (why: string, value: number, tolerance = Math.max(0.15, Math.abs(value) * 0.03)): Fact => ({ kind: "number", value, tolerance, why });
export const link = (why: string, path: string): Fact => ({ kind: "link", path, why });
export const approval = (why: string, expected: boolean): Fact => ({ kind: "approval", expected, why });

export interface Session {
  email: string;
  cookie: string;
  get<T = unknown>(path: string): Promise<T>;
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export interface EvalWorld {
  session(email: string): Promise<Session>;
  /** An organization's id by name (as the operator sees it). */
  organization(name: string): Promise<string>;
  now: number;
}

export type Question = string | ((world: EvalWorld) => Promise<string>);

export interface EvalCase {
  id: string;
  category: Category;
  locale: Locale;
  user: string;
  /** The organization the chat is about (the user's own when absent). */
  organization: string;
  question: Question;
  /**
   * Earlier turns of the same conversation, asked in order in the same chat before `question` (their answers are not
   * checked): a follow-up ("and the other one?", "what about yesterday?", "do it") is checked on the last answer.
   */
  history?: Question[];
  /** The console page the question is asked from (relative to /organization/{id}/). */
  page?: (world: EvalWorld) => Promise<string>;
  facts: (world: EvalWorld) => Promise<Fact[]>;
}

export async function signIn(email: string): Promise<Session> {
  const response = await apiCall("POST", "/auth/login", { body: { email, password: EVAL_PASSWORD } });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("maia_session="))?.split(";")[0];
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await apiCall(method, path, { cookie, body });
    const raw = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} as ${email}: ${answer.status} ${raw.slice(0, 300)}`);
    return (raw ? JSON.parse(raw) : undefined) as T;
  };
  return { email, cookie, get: (path) => send("GET", path), send };
}

/** Asks a question in a new chat and reads the whole answer stream. */
export async function ask(session: Session, organizationId: string, question: string, locale: Locale, page?: string): Promise<Answer> {
  return converse(session, organizationId, [question], locale, page);
}

/** Asks the turns of one conversation in a new chat, in order; answers the last turn's answer. */
export async function converse(session: Session, organizationId: string, turns: string[], locale: Locale, page?: string): Promise<Answer> {
  const chat = await session.send<{ id: string }>("POST", "/chat", { organizationId });
  let answer: Answer = { text: "", tools: [], links: [], approvals: [], error: "no turn asked" };
  try {
    for (const turn of turns) {
      answer = await askInChat(session, chat.id, turn, locale, page);
      if (answer.error) break;
    }
  } finally {
    await session.send("DELETE", `/chat/${chat.id}`).catch(() => undefined);
  }
  return answer;
}

async function askInChat(session: Session, chatId: string, question: string, locale: Locale, page?: string): Promise<Answer> {
  const response = await apiCall("POST", `/chat/${chatId}/message`, {
    cookie: session.cookie,
    language: locale,
    body: { message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: question }] }, ...(page ? { page } : {}) },
  });
  const raw = await response.text();
  const answer: Answer = { text: "", tools: [], links: [], approvals: [], error: null };
  if (!response.ok) {
    answer.error = `${response.status} ${raw.slice(0, 200)}`;
    return answer;
  }
  const texts: string[] = [];
  for (const line of raw.split("\n")) {
    if (!line.startsWith("data: ")) continue;
    const payload = line.slice(6).trim();
    if (payload === "[DONE]") continue;
    let part: Record<string, unknown>;
    try {
      part = JSON.parse(payload);
    } catch {
      continue;
    }
    switch (part.type) {
      case "text-delta":
        texts.push(String(part.delta ?? ""));
        break;
      case "text-end":
        texts.push("\n");
        break;
      case "tool-input-available":
        answer.tools.push(String(part.toolName));
        break;
      case "tool-output-available": {
        const links = (part.output as { links?: { label: string; path: string }[] } | undefined)?.links;
        if (Array.isArray(links)) answer.links.push(...links);
        break;
      }
      case "tool-approval-request":
        // An automatic decision (a refusal of the dry run) asks the user nothing: its reason is the answer's text.
        if (part.isAutomatic === true) break;
        answer.approvals.push(String(part.toolCallId));
        // The preview the approval card shows is part of the answer the user reads.
        if (typeof part.reason === "string") texts.push(`${part.reason}\n`);
        break;
      case "error":
        answer.error = String(part.errorText ?? "error");
        break;
    }
  }
  answer.text = texts.join("").trim();
  return answer;
}

/** Every number written in the answer, read the way the locale writes them (1,234.5 / 1 234,5). */
export function numbersIn(value: string, locale: Locale): number[] {
  const found: number[] = [];
  const pattern = locale === "fr" ? /-?\d{1,3}(?:[\u202f\u00a0 ]\d{3})+(?:,\d+)?|-?\d+(?:,\d+)?/g : /-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g;
  for (const match of value.matchAll(pattern)) {
    const normalized = locale === "fr" ? match[0].replace(/[\u202f\u00a0 ]/g, "").replace(",", ".") : match[0].replace(/,/g, "");
    const parsed = Number(normalized);
    if (Number.isFinite(parsed)) found.push(parsed);
  }
  return found;
}

const fold = (value: string) => foldText(value).replace(/\s+/g, " ").trim();

/** Zero in words, on the folded answer. */
const ZERO_WORDS: Record<Locale, RegExp> = { en: /\b(no|none|nothing|zero)\b/, fr: /\b(aucun|aucune|pas d|rien|zero)\b/ };

/** The language an answer is written in: French typography (a no-break space before ":" ";" "?" "!") says French. */
export function answerLocale(text: string, interfaceLocale: Locale): Locale {
  return /[\u202f\u00a0][:;!?]/.test(text) ? "fr" : interfaceLocale;
}

/** The facts the answer misses (empty: a right answer). */
export function missedFacts(answer: Answer, facts: Fact[], locale: Locale): Fact[] {
  const written = fold(answer.text);
  // A question in the other language is answered in it (scope 8): its figures are read the way that answer writes them.
  const numbers = numbersIn(answer.text, answerLocale(answer.text, locale));
  return facts.filter((fact) => {
    switch (fact.kind) {
      case "text":
        return !fact.any.some((option) => written.includes(fold(option)));
      case "absent":
        return written.includes(fold(fact.text));
      case "number":
        // A count of none is said in words as often as in digits ("there are no open alarms", « aucune alarme »).
        if (fact.value === 0 && ZERO_WORDS[locale].test(written)) return false;
        return !numbers.some((value) => Math.abs(value - fact.value) <= fact.tolerance);
      case "link":
        // The page or one of its tabs.
        return !answer.links.some((candidate) => candidate.path === fact.path || candidate.path.startsWith(`${fact.path}/`));
      case "approval":
        return (answer.approvals.length > 0) !== fact.expected;
    }
  });
}
