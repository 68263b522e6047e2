import { RealtimeClient, type SocketLike } from "@/lib/realtime-client";

// A /ws socket the test plays (opens, drops, speaks), and the browser's realtime client over such sockets.

export class PlayedSocket implements SocketLike {
  readyState = 0;
  /** The frames the client sent, as sent. */
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({ type: "open" } as Event);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ type: "close", code: 1006 } as CloseEvent);
  }
  say(message: { service: string; action: string; data: unknown }) {
    this.onmessage?.({ type: "message", data: JSON.stringify(message) } as MessageEvent);
  }
  /** What the client asked the server for, as service:action. */
  asked(): string[] {
    return this.sent.map((frame) => JSON.parse(frame) as { service: string; action: string }).map(({ service, action }) => `${service}:${action}`);
  }
}

/** A realtime client whose sockets the test plays: `sockets` holds them in order, the current one last. */
export function playedClient(): { client: RealtimeClient; sockets: PlayedSocket[]; socket: () => PlayedSocket } {
  const sockets: PlayedSocket[] = [];
  const socket = () => sockets.at(-1)!;
  const client = new RealtimeClient({
    url: "ws://test/ws",
    createSocket: () => {
      sockets.push(new PlayedSocket());
      return socket();
    },
  });
  return { client, sockets, socket };
}

/** Waits (through `wait`) for the client to open its first socket: the shell connects once the registry is loaded. */
export async function firstSocket(sockets: readonly PlayedSocket[], wait: (ms: number) => Promise<unknown>): Promise<void> {
  for (let turn = 0; sockets.length === 0; turn++) {
    if (turn > 50) throw new Error("no socket was opened");
    await wait(0);
  }
}
