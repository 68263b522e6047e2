import type { NodeKind } from "@/lib/nodes/schema";

// The device models the console knows: which kind of node each one is built to be, and the software it may take —
// the release trains it supports (its hardware runs 24.x to 26.x) and, within them, the releases published so far,
// newest first, which the lifecycle dialogs offer. A model the catalogue does not know (an operator may stock any) is
// not checked: its kind and its versions are the operator's business.

export interface DeviceModel {
  kind: NodeKind;
  /** The major versions ("trains") the model may run. */
  trains: readonly number[];
  /** The releases published for the model, newest first. */
  releases: readonly string[];
}

const TRAINS = [24, 25, 26] as const;

export const DEVICE_MODELS: Readonly<Record<string, DeviceModel>> = {
  C9000: { kind: "core", trains: TRAINS, releases: ["25.2.0", "25.1.0", "24.3.2", "24.3.1", "24.2.4"] },
  E400: { kind: "edge", trains: TRAINS, releases: ["25.2.0", "25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"] },
  E200: { kind: "edge", trains: TRAINS, releases: ["25.2.0", "25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"] },
  C100: { kind: "cpe", trains: TRAINS, releases: ["25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"] },
};

/** The catalogue's entry for a model (any case), or null for a model it does not know. */
export function deviceModel(model: string | null | undefined): DeviceModel | null {
  return (model && DEVICE_MODELS[model.trim().toUpperCase()]) || null;
}

/** The kind of node a device is built to be, or null when its model is not in the catalogue. */
export const deviceKind = (model: string | null | undefined): NodeKind | null => deviceModel(model)?.kind ?? null;

/** Whether a model may take a version: one of its trains ("25.1.3" is of train 25); any version for an unknown model. */
export function modelTakesVersion(model: string | null | undefined, version: string): boolean {
  const known = deviceModel(model);
  if (!known) return true;
  const train = Number(/^(\d+)\./.exec(version)?.[1]);
  return known.trains.includes(train);
}

/** The releases offered for devices of these models: those every known model among them may take, newest first. */
export function releasesFor(models: readonly (string | null | undefined)[]): string[] {
  const known = [...new Set(models.map((model) => deviceModel(model)).filter((entry) => entry !== null))];
  if (known.length === 0) return [];
  return known[0].releases.filter((release) => known.every((entry) => entry.releases.includes(release)));
}

/** How the trains of a model read in a message: "24.x, 25.x, 26.x". */
export const trainsText = (entry: DeviceModel) => entry.trains.map((train) => `${train}.x`).join(", ");
