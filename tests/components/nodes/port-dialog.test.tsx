import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@/components/ui/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { PortDialog } from "@/components/nodes/port-dialog";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// A port's dialog on MutationFormDialog: a failed save says SPEC §8's "Failed to save port configuration" first (in a
// toast, and before the message above the fields), and a message the server tied to a field stays on that field.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());
vi.mock("@/components/ui/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const NODE = "00000000-0000-4000-8000-0000000000b1";
const FAILED = "Failed to save port configuration";

function renderPortDialog(editing?: { id: string; name: string }) {
  const onClose = vi.fn();
  renderWithProviders(
    <PortDialog
      nodeId={NODE}
      collection="switchPort"
      schema={z.object({ index: z.string().min(1, "validation.requiredText") })}
      defaultValues={{ index: editing ? "1" : "" }}
      editing={editing}
      title="Switch port"
      description="A port of the node's switch"
      failureTitle={FAILED}
      fields={(form) => <TextField control={form.control} name="index" label="Index" testId="switch-port-index" />}
      nameOf={(values) => `Switch port ${values.index}`}
      onClose={onClose}
      testId="switch-port-dialog"
    />,
  );
  return onClose;
}

const dialog = () => screen.getByTestId("switch-port-dialog");
const save = () => fireEvent.click(screen.getByTestId("switch-port-dialog-save"));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("PortDialog", () => {
  it("says what failed first, once above the fields, when the server ties its answer to no field", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "Index 1 is already used on this node", requestId: "r1" }, { status: 409 })));
    const onClose = renderPortDialog();
    fireEvent.change(screen.getByTestId("switch-port-index"), { target: { value: "1" } });
    save();
    await screen.findByText(/Index 1 is already used/);
    const alerts = within(dialog()).getAllByRole("alert");
    expect(alerts).toHaveLength(1);
    // A clash the user can fix: the plain message, the request id kept in the alert's detail (issue 42).
    expect(alerts[0].textContent).toContain(`${FAILED}: Index 1 is already used on this node`);
    expect(alerts[0].textContent).not.toContain("requestId=");
    expect(within(alerts[0]).getByTestId("error-request-id").textContent).toBe("r1");
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILED);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps a message the server tied to a field on the field, with the toast and nothing above", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Invalid data", requestId: "r2", issues: [{ path: "index", message: "Index must be between 1 and 48" }] }, { status: 400 })),
    );
    renderPortDialog({ id: "p1", name: "Switch port 1" });
    fireEvent.change(screen.getByTestId("switch-port-index"), { target: { value: "99" } });
    save();
    await screen.findByText("Index must be between 1 and 48");
    expect(screen.getAllByText("Index must be between 1 and 48")).toHaveLength(1);
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    expect(screen.queryByText(new RegExp(FAILED))).toBeNull();
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILED);
  });

  it("edits with PATCH, saying Save, and closes on success", async () => {
    const fetch = vi.fn(async () => Response.json({ id: "p1", index: 2 }));
    vi.stubGlobal("fetch", fetch);
    const onClose = renderPortDialog({ id: "p1", name: "Switch port 1" });
    expect(screen.getByTestId("switch-port-dialog-save").textContent).toBe("Save");
    fireEvent.change(screen.getByTestId("switch-port-index"), { target: { value: "2" } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(await sentRequests(fetch)).toEqual([{ method: "PATCH", path: `/api/v1/config/node/${NODE}/switch-port/p1`, body: { index: "2" } }]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Switch port 2 saved");
  });
});
