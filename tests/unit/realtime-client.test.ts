import { describe, expect, it } from "vitest";
import { SOCKET_MAX_ATTEMPTS, SOCKET_RETRY_DELAY_MS } from "@/lib/constants";
import { REALTIME_REPLAY_MS, SESSION_ENDED_CLOSE_CODE, TOO_MANY_CONNECTIONS_CLOSE_CODE } from "@/lib/realtime";
import {
  parseServerMessage,
  RealtimeClient,
  realtimeUrl,
  RESYNC_ACTION,
  type RealtimeEvent,
  type RealtimeProblem,
  type SocketLike,
  type Timers,
} from "@/lib/realtime-client";

// The reconnect behaviour of the browser's realtime client (SPEC §7–§9), with a fake socket and a fake clock.

class FakeClock implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Runs every timer due within `ms`, in time order, including those scheduled meanwhile. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = end;
  }

  get size(): number {
    return this.pending.size;
  }
}

class FakeSocket implements SocketLike {
  /** Like the console's hub, answers each subscription at once; off to hold the answers back. */
  acknowledges = true;
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(
    readonly url: string,
    readonly createdAt: number,
  ) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    const message = JSON.parse(data) as { service: string; action: string };
    this.sent.push(message);
    if (this.acknowledges) this.receive({ service: message.service, action: `${message.action}d`, data: {} });
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  // What the server (or the network) does:
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: typeof message === "string" ? message : JSON.stringify(message) }));
  }
  fail() {
    this.readyState = 3;
    this.onerror?.(new Event("error"));
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
}

function setup(options: { lingerMs?: number } = {}) {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const problems: RealtimeProblem[] = [];
  const client = new RealtimeClient({
    url: "ws://console.test/ws",
    createSocket: (url) => {
      const socket = new FakeSocket(url, clock.now);
      sockets.push(socket);
      return socket;
    },
    timers: clock,
    now: () => clock.now,
    lingerMs: options.lingerMs,
    onProblem: (problem) => problems.push(problem),
  });
  const last = () => sockets.at(-1)!;
  return { clock, sockets, problems, client, last };
}

function collect() {
  const events: RealtimeEvent[] = [];
  return { events, listener: (event: RealtimeEvent) => events.push(event) };
}

describe("realtime client: subscriptions", () => {
  it("is open (Live) only once the server has acknowledged what the page listens to, after a reconnect too", () => {
    const { client, last, clock } = setup();
    client.subscribe("topology", () => {});
    client.subscribe("telemetry", () => {});
    last().acknowledges = false;
    last().open();
    expect(client.status).toBe("connecting");
    last().receive({ service: "topology", action: "subscribed", data: {} });
    expect(client.status).toBe("connecting");
    last().receive({ service: "telemetry", action: "subscribed", data: {} });
    expect(client.status).toBe("open");
    last().drop();
    clock.advance(SOCKET_RETRY_DELAY_MS);
    last().acknowledges = false;
    last().open();
    expect(client.status).toBe("reconnecting");
    last().receive({ service: "telemetry", action: "subscribed", data: {} });
    last().receive({ service: "topology", action: "subscribed", data: {} });
    expect(client.status).toBe("open");
  });

  it("is open at once when nothing is listened to yet", () => {
    const { client, last } = setup();
    const release = client.hold();
    last().acknowledges = false;
    last().open();
    expect(client.status).toBe("open");
    release();
  });

  it("opens one socket on the first listener and subscribes once per service, whatever the number of listeners", () => {
    const { client, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    client.subscribe("alarms", () => {});
    client.subscribe("alarms", () => {});
    client.subscribe("events", () => {});
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe("ws://console.test/ws");
    expect(client.status).toBe("connecting");
    last().open();
    expect(client.status).toBe("open");
    expect(last().sent).toEqual([
      { service: "alarms", action: "subscribe" },
      { service: "events", action: "subscribe" },
    ]);
    client.subscribe("lifecycle", () => {});
    client.subscribe("events", () => {});
    expect(last().sent.slice(2)).toEqual([{ service: "lifecycle", action: "subscribe" }]);
  });

  it("delivers a message only to the listeners of its service, and never acknowledgements, system news or garbage", () => {
    const { client, last } = setup();
    const alarms = collect();
    const events = collect();
    client.subscribe("alarms", alarms.listener);
    client.subscribe("events", events.listener);
    last().open();
    last().receive({ service: "system", action: "welcome", data: { userId: "u1" } });
    last().receive({ service: "alarms", action: "subscribed", data: {} });
    last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } });
    last().receive({ service: "events", action: "created", data: { type: "path.updated", entityType: "path", entityId: "p1" } });
    last().receive({ service: "topology", action: "updated", data: { entityType: "path", entityId: "p1" } });
    last().receive("not json");
    last().receive({ action: "raised" });
    last().receive({ service: "alarms", action: "cleared", data: { entityType: "alarm", entityId: "a1" } });
    expect(alarms.events).toEqual([
      { service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } },
      { service: "alarms", action: "cleared", data: { entityType: "alarm", entityId: "a1" } },
    ]);
    expect(events.events).toEqual([{ service: "events", action: "created", data: { type: "path.updated", entityType: "path", entityId: "p1" } }]);
  });

  it("passes on only the messages the contract allows, and says once per kind that it ignored one", () => {
    const { client, last } = setup();
    const telemetry = collect();
    const topology = collect();
    client.subscribe("telemetry", telemetry.listener);
    client.subscribe("topology", topology.listener);
    last().open();
    const warnings: unknown[] = [];
    const consoleWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      last().receive({ service: "telemetry", action: "samples", data: { pathIds: ["p1"] } });
      last().receive({ service: "telemetry", action: "samples", data: { organizationId: "o1", pathIds: "p1" } });
      last().receive({ service: "topology", action: "health", data: { organizationId: "o1", paths: [{ id: "p1", slaHealth: "awful" }] } });
      last().receive({ service: "topology", action: "renamed", data: { entityType: "site", entityId: "s1" } });
      last().receive({ service: "telemetry", action: "samples", data: { organizationId: "o1", pathIds: ["p1"], truncated: true } });
      last().receive({ service: "topology", action: "health", data: { organizationId: "o1", paths: [{ id: "p1", slaHealth: "bad" }] } });
    } finally {
      console.warn = consoleWarn;
    }
    expect(telemetry.events).toEqual([{ service: "telemetry", action: "samples", data: { organizationId: "o1", pathIds: ["p1"], truncated: true } }]);
    expect(topology.events).toEqual([{ service: "topology", action: "health", data: { organizationId: "o1", paths: [{ id: "p1", slaHealth: "bad" }] } }]);
    expect(warnings).toEqual([
      "[realtime] telemetry.samples: a message outside the contract was ignored",
      "[realtime] topology.health: a message outside the contract was ignored",
      "[realtime] topology.renamed: a message outside the contract was ignored",
    ]);
  });

  it("a listener that throws does not keep the others from the message", () => {
    const { client, last } = setup();
    const other = collect();
    client.subscribe("alarms", () => {
      throw new Error("boom");
    });
    client.subscribe("alarms", other.listener);
    last().open();
    const consoleError = console.error;
    console.error = () => {};
    try {
      last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } });
    } finally {
      console.error = consoleError;
    }
    expect(other.events).toHaveLength(1);
  });

  it("tells the server to unsubscribe once the last listener of a service has left for the linger time", () => {
    const { client, clock, last } = setup({ lingerMs: 1000 });
    const first = collect();
    const second = collect();
    const leaveFirst = client.subscribe("alarms", first.listener);
    const leaveSecond = client.subscribe("alarms", second.listener);
    const keepEvents = client.subscribe("events", () => {});
    last().open();
    last().sent.length = 0;
    leaveFirst();
    leaveFirst();
    clock.advance(5000);
    expect(last().sent).toEqual([]);
    last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } });
    expect(first.events).toHaveLength(0);
    expect(second.events).toHaveLength(1);
    leaveSecond();
    last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } });
    expect(second.events).toHaveLength(1);
    clock.advance(999);
    expect(last().sent).toEqual([]);
    clock.advance(1);
    expect(last().sent).toEqual([{ service: "alarms", action: "unsubscribe" }]);
    client.subscribe("alarms", () => {});
    expect(last().sent.at(-1)).toEqual({ service: "alarms", action: "subscribe" });
    keepEvents();
  });

  it("a listener that leaves and comes back within the linger time (StrictMode, a page change) sends nothing", () => {
    const { client, clock, last } = setup();
    client.hold();
    last().open();
    const leave = client.subscribe("alarms", () => {});
    leave();
    const again = collect();
    client.subscribe("alarms", again.listener);
    clock.advance(60_000);
    expect(last().sent).toEqual([{ service: "alarms", action: "subscribe" }]);
    last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1" } });
    expect(again.events).toHaveLength(1);
  });

  it("a service on its way out is not subscribed again after a reconnect, nor unsubscribed on the new socket", () => {
    const { client, clock, last } = setup({ lingerMs: 5000 });
    client.subscribe("events", () => {});
    const leave = client.subscribe("alarms", () => {});
    last().open();
    leave();
    last().drop();
    clock.advance(SOCKET_RETRY_DELAY_MS);
    last().open();
    clock.advance(10_000);
    expect(last().sent).toEqual([{ service: "events", action: "subscribe" }]);
  });

  it("closes the socket once nobody has held it for the linger time, and reopens on demand", () => {
    const { client, sockets, clock, last } = setup({ lingerMs: 1000 });
    const leave = client.subscribe("alarms", () => {});
    last().open();
    leave();
    clock.advance(999);
    expect(last().closedWith).toBeUndefined();
    clock.advance(1);
    expect(last().closedWith).toBe(1000);
    expect(client.status).toBe("idle");
    client.subscribe("alarms", () => {});
    expect(sockets).toHaveLength(2);
  });

  it("is safe under StrictMode: release and hold again in one tick keeps the one socket", () => {
    const { client, sockets, clock, last } = setup();
    const release = client.hold();
    release();
    const releaseAgain = client.hold();
    const leave = client.subscribe("telemetry", () => {});
    leave();
    client.subscribe("telemetry", () => {});
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([{ service: "telemetry", action: "subscribe" }]);
    releaseAgain();
  });
});

describe("realtime client: reconnection", () => {
  it(`retries ${SOCKET_MAX_ATTEMPTS} times ${SOCKET_RETRY_DELAY_MS} ms apart, reporting each error, then gives up`, () => {
    const { client, sockets, problems, clock, last } = setup();
    client.subscribe("alarms", () => {});
    expect(sockets).toHaveLength(1);
    last().fail();
    expect(problems).toEqual([{ kind: "error", message: "WebSocket error" }]);
    expect(client.status).toBe("reconnecting");

    for (let attempt = 1; attempt <= SOCKET_MAX_ATTEMPTS; attempt++) {
      clock.advance(SOCKET_RETRY_DELAY_MS - 1);
      expect(sockets, `no attempt ${attempt} before the delay`).toHaveLength(attempt);
      clock.advance(1);
      expect(sockets, `attempt ${attempt} after the delay`).toHaveLength(attempt + 1);
      expect(last().createdAt - sockets.at(-2)!.createdAt).toBe(SOCKET_RETRY_DELAY_MS);
      last().fail();
    }

    expect(sockets).toHaveLength(1 + SOCKET_MAX_ATTEMPTS);
    expect(problems.filter((problem) => problem.kind === "error")).toHaveLength(1 + SOCKET_MAX_ATTEMPTS);
    expect(problems.at(-1)).toEqual({ kind: "gave-up", message: "Max reconnection attempts reached" });
    expect(problems.filter((problem) => problem.kind === "gave-up")).toHaveLength(1);
    expect(client.status).toBe("failed");
    clock.advance(10 * 60_000);
    expect(sockets).toHaveLength(1 + SOCKET_MAX_ATTEMPTS);
    expect(clock.size).toBe(0);
  });

  it("subscribes again after a reconnect and tells the listeners to resync", () => {
    const { client, sockets, clock, last } = setup();
    const alarms = collect();
    client.subscribe("alarms", alarms.listener);
    const leaveEvents = client.subscribe("events", () => {});
    last().open();
    leaveEvents();
    last().drop();
    expect(client.status).toBe("reconnecting");
    clock.advance(SOCKET_RETRY_DELAY_MS);
    expect(sockets).toHaveLength(2);
    expect(alarms.events).toEqual([]);
    last().open();
    expect(last().sent).toEqual([{ service: "alarms", action: "subscribe" }]);
    expect(alarms.events).toEqual([{ service: "alarms", action: RESYNC_ACTION, data: {} }]);
    last().receive({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a2" } });
    expect(alarms.events.at(-1)).toEqual({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a2" } });
  });

  it("a successful connection resets the attempt count", () => {
    const { client, sockets, problems, clock, last } = setup();
    client.subscribe("alarms", () => {});
    last().fail();
    for (let attempt = 1; attempt < SOCKET_MAX_ATTEMPTS; attempt++) {
      clock.advance(SOCKET_RETRY_DELAY_MS);
      last().fail();
    }
    clock.advance(SOCKET_RETRY_DELAY_MS);
    expect(sockets).toHaveLength(1 + SOCKET_MAX_ATTEMPTS);
    last().open();
    expect(client.status).toBe("open");

    // A full series of attempts is available again.
    last().drop();
    for (let attempt = 1; attempt <= SOCKET_MAX_ATTEMPTS; attempt++) {
      clock.advance(SOCKET_RETRY_DELAY_MS);
      last().fail();
    }
    expect(sockets).toHaveLength(1 + 2 * SOCKET_MAX_ATTEMPTS);
    expect(problems.filter((problem) => problem.kind === "gave-up")).toHaveLength(1);
    expect(client.status).toBe("failed");
  });

  it("does not reconnect a socket the server closed because the session ended, and says so", () => {
    const { client, sockets, problems, clock, last } = setup();
    client.subscribe("alarms", () => {});
    last().open();
    last().readyState = 3;
    last().onclose?.(new CloseEvent("close", { code: SESSION_ENDED_CLOSE_CODE }));
    clock.advance(10 * SOCKET_RETRY_DELAY_MS);
    expect(sockets).toHaveLength(1);
    expect(problems).toEqual([{ kind: "session-ended", message: "Session ended" }]);
    expect(client.status).toBe("idle");
  });

  it("stops at once when the server refuses one more connection for this session or address, and says so", () => {
    const { client, sockets, problems, clock, last } = setup();
    client.subscribe("alarms", () => {});
    last().readyState = 3;
    last().onclose?.(new CloseEvent("close", { code: TOO_MANY_CONNECTIONS_CLOSE_CODE, reason: "Too many connections for this session" }));
    clock.advance(10 * SOCKET_RETRY_DELAY_MS);
    expect(sockets).toHaveLength(1);
    expect(problems).toEqual([{ kind: "too-many", message: "Too many connections" }]);
    expect(client.status).toBe("failed");
    // Reconnect (once tabs were closed) tries again.
    client.reconnect();
    expect(sockets).toHaveLength(2);
  });

  it("a late event from a replaced socket changes nothing", () => {
    const { client, sockets, clock, last } = setup();
    const alarms = collect();
    client.subscribe("alarms", alarms.listener);
    const first = last();
    first.drop();
    clock.advance(SOCKET_RETRY_DELAY_MS);
    first.receive({ service: "alarms", action: "raised", data: {} });
    first.onclose?.(new CloseEvent("close"));
    expect(alarms.events).toEqual([]);
    expect(sockets).toHaveLength(2);
    clock.advance(SOCKET_RETRY_DELAY_MS * 3);
    expect(sockets).toHaveLength(2);
  });

  it("Reconnect after giving up starts a fresh series; nobody holding the client stops retrying", () => {
    const { client, sockets, clock, last } = setup();
    const leave = client.subscribe("alarms", () => {});
    last().fail();
    for (let attempt = 1; attempt <= SOCKET_MAX_ATTEMPTS; attempt++) {
      clock.advance(SOCKET_RETRY_DELAY_MS);
      last().fail();
    }
    expect(client.status).toBe("failed");
    client.reconnect();
    expect(sockets).toHaveLength(2 + SOCKET_MAX_ATTEMPTS);
    last().fail();
    leave();
    clock.advance(60_000);
    expect(sockets).toHaveLength(2 + SOCKET_MAX_ATTEMPTS);
    expect(client.status).toBe("idle");
  });

  it("dispose closes the socket and cancels a pending retry", () => {
    const { client, sockets, clock, last } = setup();
    client.subscribe("alarms", () => {});
    last().drop();
    client.dispose();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe("idle");
  });
});

describe("realtime client: helpers", () => {
  it("uses ws: on http and wss: on https, on the page's own host", () => {
    expect(realtimeUrl({ protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/ws");
    expect(realtimeUrl({ protocol: "https:", host: "console.example" })).toBe("wss://console.example/ws");
  });

  it("parses server frames and refuses what is not one", () => {
    expect(parseServerMessage('{"service":"alarms","action":"raised","data":{"entityId":"a"}}')).toEqual({
      service: "alarms",
      action: "raised",
      data: { entityId: "a" },
    });
    expect(parseServerMessage("null")).toBeNull();
    expect(parseServerMessage("[1]")).toBeNull();
    expect(parseServerMessage('{"service":1,"action":"x"}')).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("realtime client: catching up with a server-rendered page", () => {
  const RENDERED_AT = 1_700_000_000_000;

  it("asks, with every subscription the page makes, for what was published since the server read its data", () => {
    const { client, last } = setup();
    client.subscribe("topology", () => {});
    client.catchUp(RENDERED_AT);
    last().open();
    client.subscribe("alarms", () => {});
    expect(last().sent).toEqual([
      { service: "topology", action: "subscribe", since: RENDERED_AT },
      { service: "alarms", action: "subscribe", since: RENDERED_AT },
    ]);
  });

  it("asks again for the services already subscribed when the next page comes (a client-side navigation)", () => {
    const { client, last } = setup();
    client.subscribe("topology", () => {});
    last().open();
    client.catchUp(RENDERED_AT);
    expect(last().sent).toEqual([
      { service: "topology", action: "subscribe" },
      { service: "topology", action: "subscribe", since: RENDERED_AT },
    ]);
  });

  it("asks nothing for a subscription made long after the page came, nor after a reconnect (which resyncs)", () => {
    const { client, last, clock } = setup();
    client.catchUp(RENDERED_AT);
    client.subscribe("topology", () => {});
    last().open();
    clock.advance(REALTIME_REPLAY_MS);
    client.subscribe("alarms", () => {});
    expect(last().sent.at(-1)).toEqual({ service: "alarms", action: "subscribe" });
    client.catchUp(RENDERED_AT + 1);
    last().drop();
    clock.advance(SOCKET_RETRY_DELAY_MS);
    last().open();
    expect(last().sent).toEqual([
      { service: "topology", action: "subscribe" },
      { service: "alarms", action: "subscribe" },
    ]);
  });

  it("hands the listeners what the server replays, and resyncs a service the server can no longer catch up", () => {
    const { client, last } = setup();
    const topology = collect();
    const alarms = collect();
    client.subscribe("topology", topology.listener);
    client.subscribe("alarms", alarms.listener);
    client.catchUp(RENDERED_AT);
    last().acknowledges = false;
    last().open();
    const news = { service: "topology", action: "health", data: { organizationId: "org-1", paths: [{ id: "path-1", slaHealth: "bad" }] } };
    last().receive(news);
    last().receive({ service: "topology", action: "subscribed", data: {} });
    last().receive({ service: "alarms", action: "subscribed", data: { resync: true } });
    expect(topology.events).toEqual([news]);
    expect(alarms.events).toEqual([{ service: "alarms", action: RESYNC_ACTION, data: {} }]);
    expect(client.status).toBe("open");
  });
});
