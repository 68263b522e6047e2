import type { ReactNode } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import { failureReason } from "@/lib/api/failure";

// The console's toasts, without sonner on a page's first load: a toast asked for before the toaster is there waits,
// the toaster (components/ui/toaster-host.tsx) is fetched on the first one, and what waited is shown in order.

type Call =
  | { kind: "success" | "error"; message: ReactNode; options?: ExternalToast }
  | { kind: "dismiss"; id?: string | number };

let deliver: ((call: Call) => void) | null = null;
const waiting: Call[] = [];
const wanted = new Set<() => void>();

function send(call: Call) {
  if (deliver) return deliver(call);
  if (call.kind === "dismiss") {
    // Nothing is on screen yet: drop what waits under that id (or everything).
    for (let index = waiting.length - 1; index >= 0; index--) {
      const waitingCall = waiting[index];
      if (call.id === undefined || (waitingCall.kind !== "dismiss" && waitingCall.options?.id === call.id)) waiting.splice(index, 1);
    }
    return;
  }
  waiting.push(call);
  for (const listener of wanted) listener();
}

export const toast = {
  success: (message: ReactNode, options?: ExternalToast) => send({ kind: "success", message, options }),
  error: (message: ReactNode, options?: ExternalToast) => send({ kind: "error", message, options }),
  /** A failed call, in the user's words (its request id kept for the support dialog). */
  failure: (error: unknown, options?: ExternalToast) => send({ kind: "error", message: failureReason(error), options }),
  dismiss: (id?: string | number) => send({ kind: "dismiss", id }),
};

/** The toaster host's side: told when a toast first waits (at once if one already does). */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  if (waiting.length > 0) listener();
  return () => void wanted.delete(listener);
}

/** Once sonner's toaster listens: what waited is shown, in order, and every later toast goes straight to it. */
export function startDelivering(toaster: typeof sonnerToast): () => void {
  const handler = (call: Call) => {
    if (call.kind === "dismiss") toaster.dismiss(call.id);
    else toaster[call.kind](call.message, call.options);
  };
  deliver = handler;
  for (const call of waiting.splice(0)) handler(call);
  return () => {
    if (deliver === handler) deliver = null;
  };
}
