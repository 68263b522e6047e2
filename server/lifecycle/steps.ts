import "server-only";
import type { LifecycleOperationKind } from "@/lib/lifecycle/schema";

// How a lifecycle operation advances: its steps as shares of its progress, and whether a step needs the device to
// answer. A device that goes away while it reboots is expected to; one that is unreachable while it downloads,
// verifies or installs, or when a reboot is asked of it, fails the operation.

export interface LifecycleStep {
  name: string;
  /** The progress (percent) at which the step ends. */
  until: number;
  needsDevice: boolean;
}

export const LIFECYCLE_STEPS: Record<LifecycleOperationKind, readonly LifecycleStep[]> = {
  "install-version": [
    { name: "download", until: 45, needsDevice: true },
    { name: "verify", until: 55, needsDevice: true },
    { name: "install", until: 85, needsDevice: true },
    { name: "reboot", until: 100, needsDevice: false },
  ],
  reboot: [
    { name: "shutdown", until: 15, needsDevice: true },
    { name: "reboot", until: 100, needsDevice: false },
  ],
};

/** The step an operation is in at a progress (the last one at 100 %). */
export function stepAt(operation: LifecycleOperationKind, progress: number): LifecycleStep {
  const steps = LIFECYCLE_STEPS[operation];
  return steps.find((step) => progress < step.until) ?? steps[steps.length - 1];
}

/** The progress after `elapsedMs` more of an operation that takes `durationMs` in all, at most 100. */
export function advanceProgress(progress: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0) return 100;
  return Math.min(100, Math.max(0, progress) + (Math.max(0, elapsedMs) / durationMs) * 100);
}

/** What the scheduler knows of the device when it advances an operation. */
export interface DeviceState {
  mspOrganizationId: string | null;
  nodeId: string | null;
  /** An open device-unreachable alarm on "device:<id>". */
  unreachable: boolean;
}

export type LifecycleFailure = "deviceReleased" | "deviceWithoutNode" | "deviceUnreachable";

/** Why the operation cannot go on, or null: the device left its MSP or its node, or does not answer when it must. */
export function failureOf(organizationId: string, device: DeviceState, step: LifecycleStep): LifecycleFailure | null {
  if (device.mspOrganizationId !== organizationId) return "deviceReleased";
  if (device.nodeId === null) return "deviceWithoutNode";
  if (device.unreachable && step.needsDevice) return "deviceUnreachable";
  return null;
}
