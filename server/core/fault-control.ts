import "server-only";

// The fault control: a simulated fault played now, on an object an MSP chooses, so a demo (or an end-to-end journey)
// need not wait for the fault script's turn. The API knows only this interface; the entry (server/background.ts)
// wires the simulator it starts to it, and only on a server run with SIMULATOR_FAULT_CONTROL=on — set by the
// end-to-end server, never by a production start. Unwired, the control answers like a missing object (404).

export interface FaultControl {
  /** The link's reporting device says it is down from its next round on, for this long. */
  forceLinkDown(linkId: string, durationMs: number): void;
}

// One registry per process, whichever bundle asks (the server entry and the route handler are built apart).
const REGISTRY = Symbol.for("maia.faultControl");
const registry = globalThis as { [REGISTRY]?: FaultControl };

export function faultControlEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return (env.SIMULATOR_FAULT_CONTROL ?? "").trim().toLowerCase() === "on";
}

/** Makes a running simulator reachable by the control; answers the release (on stop). */
export function registerFaultControl(control: FaultControl): () => void {
  registry[REGISTRY] = control;
  return () => {
    if (registry[REGISTRY] === control) delete registry[REGISTRY];
  };
}

/** The control wired by the entry, if any. */
export function currentFaultControl(): FaultControl | undefined {
  return registry[REGISTRY];
}
