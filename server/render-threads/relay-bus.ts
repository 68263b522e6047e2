import "server-only";
import { EventEmitter } from "node:events";
import { listenSafely, type EventBus, type RealtimeListener, type RealtimeMessage } from "@/server/realtime/bus";

/**
 * A render thread's bus: what it publishes goes to the main thread, which publishes it on the process's bus (in the
 * process, or PostgreSQL's LISTEN/NOTIFY); its listeners hear the news the main thread relays — every message of
 * that bus, this thread's own included.
 */
export class RelayBus implements EventBus {
  readonly kind = "local" as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly forward: (message: RealtimeMessage) => void) {}

  async publish(message: RealtimeMessage): Promise<void> {
    this.forward(message);
  }

  /** News the main thread relayed. */
  deliver(message: RealtimeMessage): void {
    this.emitter.emit("message", message);
  }

  subscribe(listener: RealtimeListener): () => void {
    return listenSafely(this.emitter, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
