import { useState } from "react";
import { RolloutFormDialog } from "@/components/lifecycle/rollout-form-dialog";
import { ScheduleDialog } from "@/components/lifecycle/schedule-dialog";

// What the lifecycle dialogs' tests share: a button that opens the schedule or the staged rollout dialog, and the
// ResizeObserver Radix measures its checkboxes with (jsdom has none).

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

export function DialogOpener({ dialog, organizationId }: { dialog: "rollout" | "schedule"; organizationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {dialog === "rollout" ? (
        <RolloutFormDialog organizationId={organizationId} open={open} setOpen={setOpen} />
      ) : (
        <ScheduleDialog organizationId={organizationId} open={open} setOpen={setOpen} />
      )}
    </>
  );
}
