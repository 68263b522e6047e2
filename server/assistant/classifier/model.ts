import "server-only";
import { predict, type Guess, type Weights } from "./logistic";
import trained from "./weights.json";

// The committed intent classifier (scripts/train-assistant-intents.ts writes weights.json). Loaded with the server.

const MODEL = trained as Weights;

/** The intent labels for a question's shape (names as slot tokens), most probable first. */
export function classify(shape: string): Guess[] {
  return predict(MODEL, shape);
}
