import { z } from "zod";
import { PATH_SLA_STATES } from "@/lib/health";
import { messageWithValues } from "@/lib/validation/messages";
import { checkScheduledAt, LIFECYCLE_BATCH_MAX, LIFECYCLE_STARTS, LIFECYCLE_STATUSES, parseDateTime } from "./schema";

// Staged rollouts (issue 15 item 7): one version installed on many devices in waves, with an SLA gate after each
// wave. Shared by the "Staged rollout" dialog, the rollouts panel and the API.

/** "first-then-rest": a first wave of N devices, then all the others at once; "equal": N devices per wave. */
export const ROLLOUT_WAVE_MODES = ["first-then-rest", "equal"] as const;
export type RolloutWaveMode = (typeof ROLLOUT_WAVE_MODES)[number];

export const ROLLOUT_STATUSES = ["running", "halted", "succeeded", "cancelled"] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

/** pending → installing → observing → passed, or halted (the gate failed, or an operation did not succeed). */
export const ROLLOUT_WAVE_STATUSES = ["pending", "installing", "observing", "passed", "halted", "cancelled"] as const;
export type RolloutWaveStatus = (typeof ROLLOUT_WAVE_STATUSES)[number];

export const ROLLOUT_OBSERVATION_MIN_SECONDS = 30;
export const ROLLOUT_OBSERVATION_MAX_SECONDS = 3600;
export const ROLLOUT_OBSERVATION_DEFAULT_SECONDS = 300;

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

const OBSERVATION_RANGE = messageWithValues("validation.rollout.observationRange", {
  min: ROLLOUT_OBSERVATION_MIN_SECONDS,
  max: ROLLOUT_OBSERVATION_MAX_SECONDS,
});

const wholeNumber = (key: string) =>
  // Each member carries the message too: a missing value fails both, and the form shows the first member's message.
  z.union([z.number({ error: key }), z.string({ error: key })], { error: key }).transform((value, ctx) => {
    const number = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
    if (!Number.isInteger(number)) {
      ctx.addIssue({ code: "custom", message: key });
      return z.NEVER;
    }
    return number;
  });

// POST /api/v1/lifecycle/rollout — the devices, the version, how the waves are cut and how long each is watched.
export const rolloutCreateSchema = z
  .strictObject({
    deviceIds: z
      .array(z.string({ error: "validation.rollout.devicesMin" }).trim().min(1, "validation.rollout.devicesMin").max(64), {
        error: "validation.rollout.devicesMin",
      })
      .max(LIFECYCLE_BATCH_MAX, messageWithValues("validation.lifecycleBatchMax", { max: LIFECYCLE_BATCH_MAX }))
      .transform((ids) => [...new Set(ids)])
      // A staged rollout needs a second wave: two devices at least.
      .refine((ids) => ids.length >= 2, "validation.rollout.devicesMin"),
    version: z
      .string({ error: "validation.versionRequired" })
      .trim()
      .min(1, "validation.versionRequired")
      .max(64, "validation.versionInvalid")
      // An empty one is only "required" (not aborted: the start time is checked with it, as the form shows both).
      .refine((value) => value === "" || VERSION.test(value), "validation.versionInvalid"),
    waveMode: z.enum(ROLLOUT_WAVE_MODES, { error: "validation.rollout.waveMode" }).default("first-then-rest"),
    waveSize: wholeNumber("validation.rollout.waveSizeRequired"),
    observationSeconds: wholeNumber(OBSERVATION_RANGE).refine(
      (seconds) => seconds >= ROLLOUT_OBSERVATION_MIN_SECONDS && seconds <= ROLLOUT_OBSERVATION_MAX_SECONDS,
      OBSERVATION_RANGE,
    ),
    /** Now, or later at `scheduledAt` (the first wave's operations are scheduled then), as for a single operation. */
    start: z.enum(LIFECYCLE_STARTS, { error: "validation.lifecycleStart" }).default("now"),
    /** ISO 8601 with a time zone; required, and in the future, when start is "later"; ignored for "now". */
    scheduledAt: z.string({ error: "validation.scheduledAtInvalid" }).nullish(),
  })
  // The start time is checked even when another field is wrong: the form shows every message at once.
  .superRefine(
    (input, ctx) => {
      if (input.start === "later") checkScheduledAt(typeof input.scheduledAt === "string" ? input.scheduledAt : undefined, ctx);
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .superRefine((input, ctx) => {
    // The first wave is smaller than all the devices: there is a second one.
    const max = Math.max(1, input.deviceIds.length - 1);
    if (input.waveSize < 1 || input.waveSize > max) {
      ctx.addIssue({ code: "custom", path: ["waveSize"], message: messageWithValues("validation.rollout.waveSizeRange", { max }) });
    }
  });
export type RolloutCreate = z.infer<typeof rolloutCreateSchema>;

/** When a rollout's first wave starts: the time given for "later", else `now`. */
export const rolloutStartOf = (input: Pick<RolloutCreate, "start" | "scheduledAt">, now: Date): Date =>
  (input.start === "later" && input.scheduledAt ? parseDateTime(input.scheduledAt) : null) ?? now;
export type RolloutCreateInput = z.input<typeof rolloutCreateSchema>;

/** The device ids of each wave, in the order given. */
export function planWaves(deviceIds: readonly string[], waveSize: number, mode: RolloutWaveMode): string[][] {
  const size = Math.max(1, Math.floor(waveSize));
  if (deviceIds.length <= size) return deviceIds.length ? [[...deviceIds]] : [];
  if (mode === "first-then-rest") return [deviceIds.slice(0, size), deviceIds.slice(size)];
  const waves: string[][] = [];
  for (let start = 0; start < deviceIds.length; start += size) waves.push(deviceIds.slice(start, start + size));
  return waves;
}

const figures = z.object({
  sla: z.enum(PATH_SLA_STATES),
  latencyMs: z.number().nullable(),
  jitterMs: z.number().nullable(),
  lossPercent: z.number().nullable(),
  samples: z.number().int(),
});
export type RolloutPathFigures = z.infer<typeof figures>;

export const ROLLOUT_GATE_METRICS = ["latencyMs", "jitterMs", "lossPercent", "samples"] as const;
export type RolloutGateMetric = (typeof ROLLOUT_GATE_METRICS)[number];

/** The SLA gate's verdict on one wave: the paths its devices serve, before and after, and those that degraded. */
export const rolloutVerdictSchema = z.object({
  passed: z.boolean(),
  /** Paths compared (served by the wave's devices, with figures before or after). */
  checkedPaths: z.number().int(),
  /** When the figures were read: before = [from, to) ending at the wave's start; after = the observation window. */
  beforeFrom: z.string(),
  afterFrom: z.string(),
  afterTo: z.string(),
  degraded: z.array(
    z.object({
      pathId: z.string(),
      name: z.string(),
      before: figures.nullable(),
      after: figures,
      /** The metrics that got worse beyond noise ("samples": the path stopped reporting). */
      metrics: z.array(z.enum(ROLLOUT_GATE_METRICS)),
    }),
  ),
});
export type RolloutVerdict = z.infer<typeof rolloutVerdictSchema>;

export const rolloutWaveSchema = z.object({
  /** 1 for the first wave. */
  number: z.number().int(),
  status: z.enum(ROLLOUT_WAVE_STATUSES),
  devices: z.array(
    z.object({
      id: z.string(),
      serialNumber: z.string(),
      /** The device's operation in this wave (null until the wave starts), its status and progress (percent). */
      operationId: z.string().nullable(),
      operationStatus: z.enum(LIFECYCLE_STATUSES).nullable(),
      progress: z.number().int().min(0).max(100).nullable(),
    }),
  ),
  operationIds: z.array(z.string()),
  startedAt: z.string().nullable(),
  /** When its last operation ended. */
  installedAt: z.string().nullable(),
  /** When the gate decides (the end of the observation window). */
  observeUntil: z.string().nullable(),
  verdict: rolloutVerdictSchema.nullable(),
});
export type RolloutWave = z.infer<typeof rolloutWaveSchema>;

export const rolloutSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  version: z.string(),
  waveMode: z.enum(ROLLOUT_WAVE_MODES),
  waveSize: z.number().int(),
  observationSeconds: z.number().int(),
  status: z.enum(ROLLOUT_STATUSES),
  /** The wave running, observed, or that halted (1-based). */
  currentWave: z.number().int(),
  deviceCount: z.number().int(),
  /** Why the rollout halted, in the reader's language; null unless halted (or halted before a resume or cancel). */
  haltReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  resumedBy: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  createdAt: z.string(),
  /** When its first wave starts (or started): the creation time for "now", the chosen time for "later". */
  startsAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  waves: z.array(rolloutWaveSchema),
});
export type Rollout = z.infer<typeof rolloutSchema>;

// GET /api/v1/lifecycle/rollout — the latest first.
export const rolloutListQuerySchema = z.object({
  /** The operator inside an MSP's lifecycle page: that MSP's rollouts only. */
  organizationId: z.string().trim().max(64).optional(),
});
export type RolloutListQuery = z.infer<typeof rolloutListQuerySchema>;
