import "server-only";
import { and, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { WEBHOOK_FAILING_LIMIT_MS } from "@/lib/webhooks/constants";
import { mutateAsSystem } from "@/server/core/changes";
import { queryRows, type Db } from "@/server/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { decryptSecret } from "@/server/secrets/crypto";
import { webhookPrivateAllowed } from "./address";
import { sendDelivery, type AttemptResult } from "./send";
import { toWebhookEndpoint } from "./shared";
import { logger } from "@/server/core/log";
import { metrics } from "@/server/core/metrics";

const log = logger("webhooks");

// The webhook worker (issue 43 scope 2), one per console process (server/background.ts). The deliveries wait in
// their table (server/core/webhook-outbox.ts wrote them with the changes), so a restart loses none. Each tick claims
// the due head of each endpoint's queue — the oldest pending delivery of an enabled endpoint, so one endpoint's
// deliveries go out in order — with a lease (FOR UPDATE SKIP LOCKED: on PostgreSQL several processes share the work
// and never send one delivery twice at once; a process that dies mid-send leaves a lease that runs out and another
// takes the delivery over). A failure is retried with exponential back-off and jitter; an endpoint still failing
// WEBHOOK_FAILING_LIMIT_MS after its first failure is disabled, with an event, and the delivery is given up.

export const WEBHOOK_WORKER_SOURCE = "webhooks";

export interface WebhookWorkerOptions {
  /** The worker's clock (tests move it forward instead of waiting). */
  now?: () => Date;
  tickMs?: number;
  /** How long a claim holds: longer than a send's deadline. */
  leaseMs?: number;
  timeoutMs?: number;
  batchSize?: number;
  /** In [0, 1): the back-off's jitter. */
  random?: () => number;
  allowPrivate?: boolean;
  /** How long a finished delivery (and its attempts) stays in the log. */
  retentionDays?: number;
  log?: (message: string) => void;
}

/** A setting of the environment when it is a positive number, else the default. */
function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(number) && number > 0 ? number : fallback;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The log is pruned at most this often, this many rows at a time. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60 * 1000;

/** The wait after the n-th failed attempt: doubling from 30 s up to an hour, half of it random (equal jitter). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface WebhookTickReport {
  succeeded: string[];
  retried: string[];
  /** Endpoints disabled in this tick. */
  disabled: string[];
  /** Finished deliveries pruned from the log in this tick. */
  pruned: number;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_organization_id: string;
  event_time: string;
  data: unknown;
  attempts: number;
  url: string;
  secret: string;
}

export class WebhookWorker {
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly now: () => Date;
  readonly tickMs: number;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private readonly random: () => number;
  private readonly allowPrivate: () => boolean;
  private readonly log: (message: string) => void;
  private readonly retentionMs: number;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    options: WebhookWorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.tickMs = options.tickMs ?? positive(process.env.WEBHOOK_TICK_MS, 1000);
    this.retentionMs = (options.retentionDays ?? positive(process.env.WEBHOOK_DELIVERY_RETENTION_DAYS, 30)) * DAY_MS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? this.timeoutMs + 20_000;
    this.batchSize = options.batchSize ?? 20;
    this.random = options.random ?? Math.random;
    this.allowPrivate = options.allowPrivate === undefined ? () => webhookPrivateAllowed() : () => options.allowPrivate!;
    this.log = options.log ?? ((message) => log.warn(message));
  }

  /** One pass: claim what is due, send it, record each attempt. Ticks never overlap. */
  tick(): Promise<WebhookTickReport> {
    const next = this.queue.then(() => (this.stopped ? { succeeded: [], retried: [], disabled: [], pruned: 0 } : this.runTick()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
  }

  private async runTick(): Promise<WebhookTickReport> {
    const report: WebhookTickReport = { succeeded: [], retried: [], disabled: [], pruned: 0 };
    const now = this.now();
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now.getTime();
      report.pruned = await this.prune(now);
    }
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const claimed = await this.claim(now, leaseUntil);
    await Promise.all(
      claimed.map(async (delivery) => {
        try {
          const result = await this.send(delivery);
          metrics.webhookDeliveries.inc({ result: result.ok ? "succeeded" : "failed" });
          await this.settle(delivery, leaseUntil, result, report);
        } catch (error) {
          // The lease runs out and the delivery is tried again: nothing is lost to a failure here.
          this.log(`delivery ${delivery.id} not settled: ${(error as Error).message}`);
        }
      }),
    );
    return report;
  }

  /** Deletes finished deliveries older than the retention (their attempts go with them), a batch at a time. */
  private async prune(now: Date): Promise<number> {
    const old = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, "pending"), lt(webhookDeliveries.finishedAt, new Date(now.getTime() - this.retentionMs))))
      .limit(PRUNE_BATCH);
    const deleted = await this.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).returning({ id: webhookDeliveries.id });
    return deleted.length;
  }

  private claim(now: Date, leaseUntil: Date): Promise<Claimed[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    return queryRows<Claimed>(
      this.db,
      sql`with due as (
            select d.id from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id
            where d.status = 'pending' and e.enabled and d.next_attempt_at <= ${at}
              and (d.lease_until is null or d.lease_until <= ${at})
              and not exists (select 1 from webhook_deliveries p
                              where p.endpoint_id = d.endpoint_id and p.status = 'pending' and p.sequence < d.sequence)
            order by d.next_attempt_at, d.sequence
            limit ${this.batchSize}
            for update of d skip locked),
          claimed as (
            update webhook_deliveries w set lease_until = ${leaseUntil.toISOString()}::timestamptz, attempts = w.attempts + 1
            from due where w.id = due.id
            returning w.id, w.endpoint_id, w.event_id, w.event_type, w.event_organization_id, w.event_time, w.data, w.attempts)
          select c.*, e.url, e.secret from claimed c join webhook_endpoints e on e.id = c.endpoint_id`,
    );
  }

  private async send(delivery: Claimed): Promise<AttemptResult> {
    const body = JSON.stringify({
      id: delivery.event_id,
      type: delivery.event_type,
      time: new Date(delivery.event_time).toISOString(),
      organization: delivery.event_organization_id,
      data: delivery.data,
    });
    const secret = await decryptSecret(this.db, delivery.secret);
    return sendDelivery(
      { url: delivery.url, deliveryId: delivery.id, eventType: delivery.event_type, body, secret },
      { timeoutMs: this.timeoutMs, allowPrivate: this.allowPrivate() },
    );
  }

  /** Records the attempt, if this worker still holds the delivery (its lease is the one it wrote). */
  private async settle(delivery: Claimed, leaseUntil: Date, result: AttemptResult, report: WebhookTickReport): Promise<void> {
    const now = this.now();
    const startedAt = new Date(now.getTime() - result.durationMs);
    const last = {
      lastAttemptAt: startedAt,
      lastStatusCode: result.statusCode,
      lastDurationMs: result.durationMs,
      lastResponse: result.responseExcerpt,
      lastError: result.error,
      leaseUntil: null,
    };
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.leaseUntil, leaseUntil));
    const attempt = {
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
    };
    if (result.ok) {
      await this.db.transaction(async (tx) => {
        const [held] = await tx.update(webhookDeliveries).set({ ...last, status: "succeeded", finishedAt: now }).where(mine).returning({ id: webhookDeliveries.id });
        if (!held) return;
        await tx.insert(webhookAttempts).values(attempt);
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, delivery.endpoint_id), sql`${webhookEndpoints.failingSince} is not null`));
        report.succeeded.push(delivery.id);
      });
      return;
    }
    await mutateAsSystem(this.db, WEBHOOK_WORKER_SOURCE, async (tx, record) => {
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(delivery.attempts, this.random));
      const [held] = await tx.update(webhookDeliveries).set({ ...last, nextAttemptAt }).where(mine).returning({ id: webhookDeliveries.id });
      if (!held) return;
      await tx.insert(webhookAttempts).values(attempt);
      await tx.update(webhookEndpoints).set({ failingSince: now }).where(and(eq(webhookEndpoints.id, delivery.endpoint_id), isNull(webhookEndpoints.failingSince)));
      const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpoint_id)).for("update");
      if (!endpoint?.failingSince || !endpoint.enabled || now.getTime() - endpoint.failingSince.getTime() < WEBHOOK_FAILING_LIMIT_MS) {
        report.retried.push(delivery.id);
        return;
      }
      // Failing for a day: the endpoint is disabled (its owner sees why on the webhooks page, and the event) and
      // this delivery given up (Redeliver sends it again); later ones wait for the endpoint to be enabled again.
      await tx.update(webhookDeliveries).set({ status: "failed", finishedAt: now }).where(eq(webhookDeliveries.id, delivery.id));
      const [disabled] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now, disabledReason: "failing", updatedAt: now })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning();
      await record({
        organizationId: endpoint.organizationId,
        entityType: "webhookEndpoint",
        entityId: endpoint.id,
        entityName: endpoint.url,
        type: "updated",
        before: toWebhookEndpoint(endpoint),
        after: toWebhookEndpoint(disabled),
      });
      report.disabled.push(endpoint.id);
      this.log(`endpoint ${endpoint.id} disabled: its deliveries have failed since ${endpoint.failingSince.toISOString()}`);
    });
  }
}

/** Runs the webhook worker in this process: a tick right away, then `tickMs` after each tick ends. */
export function startWebhookWorker(db: Db, options: WebhookWorkerOptions = {}): { worker: WebhookWorker; stop(): Promise<void> } {
  const worker = new WebhookWorker(db, options);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    try {
      await worker.tick();
    } catch (error) {
      log.warn({ err: error }, "tick failed");
    }
    if (!stopped) timer = setTimeout(loop, worker.tickMs).unref();
  };
  timer = setTimeout(loop, 0).unref();
  return {
    worker,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await worker.stop();
    },
  };
}
