// The first question of a new chat, typed before the chat existed: held here while the chat opens (a new address, or
// the panel's next view), then taken once by the conversation that sends it. Once taken it is gone, so going Back to
// the chat, or opening it again, never sends it twice.

const held = new Map<string, string>();

export function holdQuestion(chatId: string, question: string): void {
  held.set(chatId, question);
}

export function heldQuestion(chatId: string): string | undefined {
  return held.get(chatId);
}

/** The held question, removed; undefined when another view has already taken it. */
export function takeHeldQuestion(chatId: string): string | undefined {
  const question = held.get(chatId);
  held.delete(chatId);
  return question;
}
