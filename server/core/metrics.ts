import "server-only";
import { performance } from "node:perf_hooks";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { logger } from "./log";

// The console's Prometheus metrics, served at GET /metrics (server/metrics-endpoint.ts). Every label takes a bounded
// set of values — route patterns, statuses, states — never an id, so the series stay few however large the network.
// The counters cost a map lookup where they are counted; what can be read when scraped (the door's queue, /ws clients,
// lifecycle operations) is read then, and costs the requests nothing.

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
const STATEMENT_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** What the door (server/request-gate.ts) tells of its queue. */
export interface DoorStats {
  running: number;
  waiting: number;
  dropped: number;
  refused: number;
}

/** A registry's metrics as another thread sends them (Registry.getMetricsAsJSON). */
export type MetricsJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** Lifecycle operations counted by status. */
export type StatusCounts = { status: string; count: number }[];

interface Sources {
  door?: DoorStats;
  realtimeClients?: () => number;
  lifecycleOperations?: () => Promise<StatusCounts>;
  /** The render threads' own metrics (their statements among them), asked for when scraped. */
  otherThreads?: () => Promise<MetricsJson[]>;
}

function createMetrics() {
  const registry = new Registry();
  const sources: Sources = {};
  const registers = [registry];

  const httpRequests = new Counter({
    name: "maia_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "maia_http_request_duration_seconds",
    help: "Time from a request's arrival (its wait at the door included) to its answer's end, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: SECONDS,
    registers,
  });

  new Gauge({
    name: "maia_door_running_requests",
    help: "Requests being worked on now (the door lets a few through at once: server/request-gate.ts).",
    registers,
    collect() {
      this.set(sources.door?.running ?? 0);
    },
  });
  new Gauge({
    name: "maia_door_waiting_requests",
    help: "Requests waiting at the door for their turn.",
    registers,
    collect() {
      this.set(sources.door?.waiting ?? 0);
    },
  });
  new Counter({
    name: "maia_door_dropped_total",
    help: "Requests whose client left while they waited at the door.",
    registers,
    collect() {
      this.reset();
      this.inc(sources.door?.dropped ?? 0);
    },
  });
  new Counter({
    name: "maia_door_refused_total",
    help: "Requests refused with 503 because the door's queue was full.",
    registers,
    collect() {
      this.reset();
      this.inc(sources.door?.refused ?? 0);
    },
  });
  const signInsRefused = new Counter({
    name: "maia_door_sign_ins_refused_total",
    help: "Sign-ins refused at the door (429) because their address was over its limit.",
    registers,
  });

  new Gauge({
    name: "maia_ws_clients",
    help: "Open /ws connections.",
    registers,
    collect() {
      this.set(sources.realtimeClients?.() ?? 0);
    },
  });
  const wsMessages = new Counter({
    name: "maia_ws_messages_total",
    help: "/ws messages, by direction (in: from the browsers; out: to them).",
    labelNames: ["direction"] as const,
    registers,
  });

  const busLag = new Histogram({
    name: "maia_bus_lag_seconds",
    help: "Time from a message's publishing on the event bus to its delivery to this process's listeners.",
    labelNames: ["bus"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  });

  const telemetrySamples = new Counter({
    name: "maia_telemetry_samples_total",
    help: "Telemetry samples ingested, by result (accepted or rejected).",
    labelNames: ["result"] as const,
    registers,
  });

  const dbStatements = new Histogram({
    name: "maia_db_statement_duration_seconds",
    help: "Time a database statement took, as the console waited for it.",
    buckets: STATEMENT_SECONDS,
    registers,
  });

  const lifecycleOperationsGauge = new Gauge({
    name: "maia_lifecycle_operations",
    help: "Lifecycle operations, by status (counted when scraped).",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const counted = sources.lifecycleOperations;
      if (!counted) return;
      try {
        const rows = await counted();
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.count);
      } catch (error) {
        logger("metrics").warn({ err: error }, "lifecycle operations not counted");
      }
    },
  });

  const webhookDeliveries = new Counter({
    name: "maia_webhook_deliveries_total",
    help: "Webhook delivery attempts, by result.",
    labelNames: ["result"] as const,
    registers,
  });

  return {
    registry,
    sources,
    httpRequests,
    httpDuration,
    signInsRefused,
    wsIn: wsMessages.labels("in"),
    wsOut: wsMessages.labels("out"),
    busLag,
    telemetryAccepted: telemetrySamples.labels("accepted"),
    telemetryRejected: telemetrySamples.labels("rejected"),
    dbStatements,
    lifecycleOperations: lifecycleOperationsGauge,
    webhookDeliveries,
    defaultMetrics: false,
  };
}

// One set for the process's two module graphs (the server entry's and the code Next bundles): the entry serves it.
const holder = globalThis as typeof globalThis & { __maiaMetrics?: ReturnType<typeof createMetrics> };
export const metrics = (holder.__maiaMetrics ??= createMetrics());

/** Webhook deliveries by result (delivered, failed…): the delivery worker counts each attempt here. */
export const webhookDeliveries = metrics.webhookDeliveries;

/** Adds the process's own metrics (memory, CPU, event-loop delay, garbage collection): once, by the server entry. */
export function collectProcessMetrics(): void {
  if (metrics.defaultMetrics) return;
  metrics.defaultMetrics = true;
  collectDefaultMetrics({ register: metrics.registry });
}

/** The door whose queue is reported (the server entry's). */
export function watchDoor(stats: DoorStats): void {
  metrics.sources.door = stats;
}

/** How many /ws clients are connected (the server entry's hub). */
export function watchRealtimeClients(size: () => number): void {
  metrics.sources.realtimeClients = size;
}

/** How lifecycle operations are counted by status when scraped (the server entry's database). */
export function watchLifecycleOperations(counted: () => Promise<StatusCounts>): void {
  metrics.sources.lifecycleOperations = counted;
}

/** How the other threads' metrics are asked for when scraped (the render threads'), or none. */
export function watchOtherThreads(asked: (() => Promise<MetricsJson[]>) | undefined): void {
  metrics.sources.otherThreads = asked;
}

/** The metrics in the Prometheus text format: this thread's, with the other threads' added in. */
export async function metricsText(): Promise<string> {
  const others = await metrics.sources.otherThreads?.();
  if (!others?.length) return metrics.registry.metrics();
  return AggregatorRegistry.aggregate([await metrics.registry.getMetricsAsJSON(), ...others]).metrics();
}

/** Times a database statement: `started` is performance.now() when it was sent. */
export function statementDone(started: number): void {
  metrics.dbStatements.observe((performance.now() - started) / 1000);
}

/** Times `statement`'s promise, settled either way, and answers it unchanged. */
export function timedStatement<T>(statement: Promise<T>): Promise<T> {
  const started = performance.now();
  const done = () => statementDone(started);
  statement.then(done, done);
  return statement;
}

type HttpChild = { requests: Counter.Internal; duration: Histogram.Internal<"method" | "route"> };
const httpChildren = new Map<string, HttpChild>();
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts an answered request and its time: `route` is a pattern (server/core/route-label.ts), never a raw path. */
export function requestDone(method: string | undefined, route: string, status: string, seconds: number): void {
  const verb = method && METHODS.has(method) ? method : "OTHER";
  const key = `${verb} ${route} ${status}`;
  let child = httpChildren.get(key);
  if (!child) {
    child = { requests: metrics.httpRequests.labels(verb, route, status), duration: metrics.httpDuration.labels(verb, route) };
    httpChildren.set(key, child);
  }
  child.requests.inc();
  child.duration.observe(seconds);
}
