import { features } from "./features";

// Multinomial logistic regression over sparse binary features: the intent classifier's model (issue 40, scope 2).
// Trained in the repo (scripts/train-assistant-intents.ts) by stochastic gradient descent with L2; the weights are
// committed, sparse and rounded, with the hash of the sentences they were trained on.

export interface Weights {
  /** The hash of the training sentences (training.ts): the weights are stale when it differs. */
  dataHash: string;
  labels: string[];
  bias: number[];
  /** Per feature: [label index, weight, label index, weight, …], only the weights that matter. */
  weights: Record<string, number[]>;
}

export interface Guess {
  label: string;
  probability: number;
}

/** The labels, most probable first, with their probabilities (softmax over the scores). */
export function predict(model: Weights, text: string): Guess[] {
  const scores = [...model.bias];
  for (const feature of features(text)) {
    const row = model.weights[feature];
    if (!row) continue;
    for (let at = 0; at < row.length; at += 2) scores[row[at]] += row[at + 1];
  }
  const top = Math.max(...scores);
  const exp = scores.map((score) => Math.exp(score - top));
  const total = exp.reduce((sum, value) => sum + value, 0);
  return model.labels.map((label, index) => ({ label, probability: exp[index] / total })).sort((a, b) => b.probability - a.probability);
}

/** FNV-1a over the sentences and their labels. */
export function hashExamples(examples: readonly { text: string; label: string }[]): string {
  let hash = 0x811c9dc5;
  for (const { text, label } of examples) {
    for (const char of `${label}\t${text}\n`) {
      hash ^= char.codePointAt(0)!;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash.toString(16).padStart(8, "0");
}

export interface TrainOptions {
  epochs: number;
  rate: number;
  l2: number;
  /** Weights smaller than this are left out of the committed model. */
  prune: number;
  shuffle: () => number;
}

export function train(examples: readonly { text: string; label: string }[], labels: readonly string[], options: TrainOptions): Weights {
  const labelIndex = new Map(labels.map((label, index) => [label, index]));
  const featureIndex = new Map<string, number>();
  const rows = examples.map((example) => ({
    label: labelIndex.get(example.label)!,
    features: features(example.text).map((feature) => {
      let index = featureIndex.get(feature);
      if (index === undefined) featureIndex.set(feature, (index = featureIndex.size));
      return index;
    }),
  }));
  const width = labels.length;
  const matrix = new Float64Array(featureIndex.size * width);
  const bias = new Float64Array(width);
  const order = rows.map((_, index) => index);
  const scores = new Float64Array(width);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(options.shuffle() * (index + 1));
      [order[index], order[other]] = [order[other], order[index]];
    }
    const rate = options.rate / (1 + epoch * 0.5);
    for (const at of order) {
      const row = rows[at];
      scores.set(bias);
      for (const feature of row.features) for (let label = 0; label < width; label++) scores[label] += matrix[feature * width + label];
      let top = -Infinity;
      for (let label = 0; label < width; label++) top = Math.max(top, scores[label]);
      let total = 0;
      for (let label = 0; label < width; label++) total += scores[label] = Math.exp(scores[label] - top);
      for (let label = 0; label < width; label++) {
        const gradient = scores[label] / total - (label === row.label ? 1 : 0);
        bias[label] -= rate * gradient;
        for (const feature of row.features) {
          const cell = feature * width + label;
          matrix[cell] -= rate * (gradient + options.l2 * matrix[cell]);
        }
      }
    }
  }
  const weights: Record<string, number[]> = {};
  for (const [feature, index] of featureIndex) {
    const row: number[] = [];
    for (let label = 0; label < width; label++) {
      const value = matrix[index * width + label];
      if (Math.abs(value) >= options.prune) row.push(label, Math.round(value * 1000) / 1000);
    }
    if (row.length > 0) weights[feature] = row;
  }
  return { dataHash: hashExamples(examples), labels: [...labels], bias: [...bias].map((value) => Math.round(value * 1000) / 1000), weights };
}
