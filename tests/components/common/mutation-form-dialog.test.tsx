import { useMutation } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { formMutation, type FooterParts } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { InviteDialog } from "@/components/people/invite-dialog";
import { ApiRequestError } from "@/lib/api/client";
import { renderWithProviders } from "../providers";

// The shared dialog around a mutation's form, through a real one (Invite): the server's field messages land on the
// field, closing with unsaved changes asks first, a success closes and the next opening starts empty.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

const ORG = "00000000-0000-4000-8000-000000000001";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <InviteDialog organizationId={ORG} open={open} setOpen={setOpen} />
    </>
  );
}

const email = () => screen.getByTestId("invite-email") as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe("MutationFormDialog", () => {
  it("puts the server's message on its field and keeps the dialog open", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: "Données invalides", requestId: "r1", issues: [{ path: "email", message: "Cette adresse est déjà invitée" }] }, { status: 400 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await screen.findByText("Cette adresse est déjà invitée");
    // Tied to its field, it is not repeated above the form.
    expect(screen.queryByText(/Données invalides/)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("invite-dialog")).toBeTruthy();
  });

  it("shows an error the server tied to no field above the form", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "Organisation introuvable", requestId: "r2" }, { status: 404 })));
    renderWithProviders(<Opener />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await screen.findByText(/Organisation introuvable/);
    // Once, above the fields.
    expect(screen.getAllByText(/Organisation introuvable/)).toHaveLength(1);
    expect(screen.getByTestId("invite-dialog")).toBeTruthy();
  });

  it("asks before discarding what was typed, then starts empty", async () => {
    renderWithProviders(<Opener />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByText("Cancel"));
    await screen.findByText("Leave without saving?");
    fireEvent.click(screen.getByText("Stay"));
    await waitFor(() => expect(screen.queryByText("Leave without saving?")).toBeNull());
    expect(email().value).toBe("nina@contoso.example");
    fireEvent.click(screen.getByText("Cancel"));
    fireEvent.click(await screen.findByTestId("discard-changes"));
    await waitFor(() => expect(screen.queryByTestId("invite-dialog")).toBeNull());
    fireEvent.click(screen.getByText("open"));
    expect(email().value).toBe("");
  });

  it("closes on success and opens empty the next time", async () => {
    const fetch = vi.fn(async () => Response.json({ id: "i1", email: "nina@contoso.example", role: "read-only" }, { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await waitFor(() => expect(screen.queryByTestId("invite-dialog")).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText("open"));
    expect(email().value).toBe("");
  });
});

// What the forks needed, through a dialog of its own: a submit over two mutations (create, then attach), rows kept
// beside the form, create or edit, staying open after a success, a footer of its own.

const thingSchema = z.object({ name: z.string().min(2, "validation.nameMin") });
type Thing = { id: string; name: string };

interface ThingDialogProps {
  create: (name: string) => Promise<Thing>;
  attach?: (id: string) => Promise<void>;
  onSaved?: (thing: Thing) => void;
  mode?: "create" | "edit";
  stayOpen?: boolean;
  footer?: (parts: FooterParts) => ReactNode;
}

function ThingDialog({ create: createThing, attach: attachThing = async () => {}, onSaved, mode, stayOpen, footer }: ThingDialogProps) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<string[]>([]);
  const form = useZodForm(thingSchema, { defaultValues: { name: "" } });
  const create = useMutation({ mutationFn: createThing });
  const attach = useMutation({ mutationFn: attachThing });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="states">{`${create.status}/${attach.status}`}</output>
      <MutationFormDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRows([]);
        }}
        form={form}
        mutation={formMutation(
          async (values: { name: string }) => {
            const thing = await create.mutateAsync(values.name);
            await attach.mutateAsync(thing.id);
            return thing;
          },
          create,
          attach,
        )}
        dirty={rows.length > 0}
        stayOpen={stayOpen}
        onSuccess={(thing) => {
          if (stayOpen) form.reset({ name: thing.name });
          onSaved?.(thing);
        }}
        title="Thing"
        testId="thing-dialog"
        mode={mode}
        submitTestId="thing-save"
        footer={footer}
      >
        <TextField control={form.control} name="name" label="Name" testId="thing-name" />
        <button type="button" onClick={() => setRows((current) => [...current, `row ${current.length + 1}`])}>
          add row
        </button>
        {rows.map((row) => (
          <p key={row}>{row}</p>
        ))}
      </MutationFormDialog>
    </>
  );
}

const thingName = () => screen.getByTestId("thing-name") as HTMLInputElement;
const saveThing = () => fireEvent.click(screen.getByTestId("thing-save"));

describe("MutationFormDialog, grown for the forks", () => {
  it("asks before closing over changes held beside the form, and closes at once when there are none", async () => {
    renderWithProviders(<ThingDialog create={vi.fn()} />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.click(screen.getByText("Cancel"));
    await waitFor(() => expect(screen.queryByTestId("thing-dialog")).toBeNull());
    expect(screen.queryByText("Leave without saving?")).toBeNull();

    fireEvent.click(screen.getByText("open"));
    fireEvent.click(screen.getByText("add row"));
    // The form's own fields are untouched: only the row is unsaved.
    fireEvent.click(screen.getByText("Cancel"));
    await screen.findByText("Leave without saving?");
    fireEvent.click(screen.getByText("Stay"));
    await waitFor(() => expect(screen.queryByText("Leave without saving?")).toBeNull());
    expect(screen.getByText("row 1")).toBeTruthy();
    // Escape asks the same.
    fireEvent.keyDown(screen.getByTestId("thing-dialog"), { key: "Escape" });
    fireEvent.click(await screen.findByTestId("discard-changes"));
    await waitFor(() => expect(screen.queryByTestId("thing-dialog")).toBeNull());
    fireEvent.click(screen.getByText("open"));
    expect(screen.queryByText("row 1")).toBeNull();
  });

  it("is busy until the last of its mutations is done, then closes and resets them all", async () => {
    let finishAttach = () => {};
    const attach = () => new Promise<void>((resolve) => (finishAttach = resolve));
    const onSaved = vi.fn();
    renderWithProviders(<ThingDialog create={async (name) => ({ id: "t1", name })} attach={attach} onSaved={onSaved} />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(thingName(), { target: { value: "Lyon" } });
    saveThing();
    // The first is done, the second still pending: the button stays busy.
    await waitFor(() => expect(screen.getByTestId("states").textContent).toBe("success/pending"));
    expect(screen.getByTestId("thing-save").getAttribute("aria-busy")).toBe("true");
    expect(onSaved).not.toHaveBeenCalled();
    finishAttach();
    await waitFor(() => expect(screen.queryByTestId("thing-dialog")).toBeNull());
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ id: "t1", name: "Lyon" });
    expect(screen.getByTestId("states").textContent).toBe("idle/idle");
  });

  it("shows a failure of a later mutation once, above the fields, and stays open", async () => {
    renderWithProviders(
      <ThingDialog
        create={async (name) => ({ id: "t1", name })}
        attach={async () => {
          throw new ApiRequestError("The rack is full (requestId=r9)", 409, "r9");
        }}
      />,
    );
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(thingName(), { target: { value: "Lyon" } });
    saveThing();
    await screen.findByText(/The rack is full/);
    expect(screen.getAllByText(/The rack is full/)).toHaveLength(1);
    expect(screen.getByTestId("thing-dialog")).toBeTruthy();
    // A new try starts without the old error.
    saveThing();
    await waitFor(() => expect(screen.getByTestId("states").textContent).toBe("success/error"));
    expect(screen.getAllByText(/The rack is full/)).toHaveLength(1);
  });

  it("puts a server message that names a field on the field only", async () => {
    renderWithProviders(
      <ThingDialog
        create={async () => {
          throw new ApiRequestError("Invalid data (requestId=r3)", 400, "r3", [{ path: "name", message: "This name is taken" }]);
        }}
      />,
    );
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(thingName(), { target: { value: "Lyon" } });
    saveThing();
    await screen.findByText("This name is taken");
    expect(screen.getAllByText("This name is taken")).toHaveLength(1);
    expect(screen.queryByText(/Invalid data/)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says Create for a new object and Save for an edited one, unless given its own label", () => {
    const { unmount } = renderWithProviders(<ThingDialog create={vi.fn()} mode="create" />);
    fireEvent.click(screen.getByText("open"));
    expect(screen.getByTestId("thing-save").textContent).toBe("Create");
    unmount();
    renderWithProviders(<ThingDialog create={vi.fn()} mode="edit" />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    expect(screen.getByTestId("thing-save").textContent).toBe("Enregistrer");
  });

  it("stays open after a success when asked, with a footer of its own", async () => {
    const create = vi.fn(async (name: string) => ({ id: "t1", name: name.toUpperCase() }));
    renderWithProviders(
      <ThingDialog
        create={create}
        mode="edit"
        stayOpen
        footer={({ close, submit }) => (
          <div>
            <button type="button" onClick={close} data-testid="thing-close">
              Done
            </button>
            {submit}
          </div>
        )}
      />,
    );
    fireEvent.click(screen.getByText("open"));
    expect(screen.queryByText("Cancel")).toBeNull();
    fireEvent.change(thingName(), { target: { value: "lyon" } });
    saveThing();
    // Saved, still open, and the form holds what was saved: nothing is unsaved any more.
    await waitFor(() => expect(thingName().value).toBe("LYON"));
    expect(create).toHaveBeenCalledOnce();
    expect(screen.getByTestId("thing-dialog")).toBeTruthy();
    fireEvent.click(screen.getByTestId("thing-close"));
    await waitFor(() => expect(screen.queryByTestId("thing-dialog")).toBeNull());
    expect(screen.queryByText("Leave without saving?")).toBeNull();
  });
});
