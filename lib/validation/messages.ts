// A validation message is a catalogue key, optionally with values: "validation.bandwidthRange::{"max":1000}".
// Zod carries it as the issue message; the form (client) and the API (server) decode and translate it.

export type MessageValues = Record<string, string | number>;

const SEPARATOR = "::";

export function messageWithValues(key: string, values: MessageValues): string {
  return `${key}${SEPARATOR}${JSON.stringify(values)}`;
}

export function decodeMessage(message: string): { key: string; values?: MessageValues } {
  const index = message.indexOf(SEPARATOR);
  if (index < 0) return { key: message };
  try {
    return { key: message.slice(0, index), values: JSON.parse(message.slice(index + SEPARATOR.length)) as MessageValues };
  } catch {
    return { key: message.slice(0, index) };
  }
}
