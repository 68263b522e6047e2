// Trains the assistant's intent classifier (issue 40, scope 2) on the sentences generated from
// server/assistant/classifier/templates.ts and writes server/assistant/classifier/weights.json. Run it after changing
// the templates: `npm run train:assistant`. It prints the accuracy on a tenth of the sentences left out of training.
import { writeFileSync } from "node:fs";
import { predict, train, type TrainOptions } from "../server/assistant/classifier/logistic";
import { LABELS } from "../server/assistant/classifier/templates";
import { random, trainingExamples, TRAINING_SEED } from "../server/assistant/classifier/training";

const OPTIONS: Omit<TrainOptions, "shuffle"> = { epochs: 12, rate: 0.3, l2: 1e-5, prune: 0.06 };
const examples = trainingExamples();
const next = random(TRAINING_SEED + 1);
const heldOut = examples.filter(() => next() < 0.1);
const kept = examples.filter((example) => !heldOut.includes(example));
const trial = train(kept, LABELS, { ...OPTIONS, shuffle: random(TRAINING_SEED + 2) });
const right = heldOut.filter((example) => predict(trial, example.text)[0].label === example.label).length;
console.log(`${examples.length} sentences, ${LABELS.length} labels; held-out tenth: ${right}/${heldOut.length} (${((100 * right) / heldOut.length).toFixed(1)} %)`);
const model = train(examples, LABELS, { ...OPTIONS, shuffle: random(TRAINING_SEED + 2) });
const target = new URL("../server/assistant/classifier/weights.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(model)}\n`);
console.log(`${Object.keys(model.weights).length} features kept → ${target.pathname}`);
