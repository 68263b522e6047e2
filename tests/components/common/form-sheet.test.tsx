import { useMutation } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FormSheet } from "@/components/common/form-sheet";
import { formMutation } from "@/components/common/mutation-form";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { ApiRequestError } from "@/lib/api/client";
import { renderWithProviders } from "../providers";

// The form sheet: the dialog's contract in a side panel, with the same leave confirmation (SPEC §4). The properties
// panels of sites and nodes are built on it.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

const schema = z.object({ name: z.string().min(2, "validation.nameMin") });
type Thing = { id: string; name: string };

interface ThingSheetProps {
  thing: Thing;
  save?: (name: string) => Promise<Thing>;
  readOnly?: boolean;
}

function ThingSheet({ thing, save = async (name) => ({ ...thing, name }), readOnly }: ThingSheetProps) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, { defaultValues: { name: thing.name } });
  const update = useMutation({ mutationFn: save });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <FormSheet
        open={open}
        onOpenChange={setOpen}
        form={form}
        values={{ name: thing.name }}
        mutation={formMutation((values: { name: string }) => update.mutateAsync(values.name), update)}
        stayOpen
        onSuccess={(saved) => form.reset({ name: saved.name })}
        title="Thing properties"
        description={`The properties of ${thing.name}`}
        testId="thing-sheet"
        mode="edit"
        submitTestId="thing-save"
        readOnlyView={readOnly ? <p>Read only</p> : undefined}
        after={<p>Danger zone</p>}
      >
        <TextField control={form.control} name="name" label="Name" testId="thing-name" />
      </FormSheet>
    </>
  );
}

const THING = { id: "t1", name: "Lyon" };
const sheet = () => screen.queryByTestId("thing-sheet");
const nameField = () => screen.getByTestId("thing-name") as HTMLInputElement;
const type = (value: string) => fireEvent.change(nameField(), { target: { value } });
const pressEscape = () => fireEvent.keyDown(screen.getByTestId("thing-sheet"), { key: "Escape" });

describe("FormSheet", () => {
  it("asks before closing over unsaved changes, by Escape or its ×, and Stay keeps them", async () => {
    renderWithProviders(<ThingSheet thing={THING} />);
    fireEvent.click(screen.getByText("open"));
    type("Lyon Part-Dieu");
    pressEscape();
    await screen.findByText("Leave without saving?");
    fireEvent.click(screen.getByText("Stay"));
    await waitFor(() => expect(screen.queryByText("Leave without saving?")).toBeNull());
    expect(sheet()).toBeTruthy();
    expect(nameField().value).toBe("Lyon Part-Dieu");
    fireEvent.click(within(sheet()!).getByText("Close"));
    fireEvent.click(await screen.findByTestId("discard-changes"));
    await waitFor(() => expect(sheet()).toBeNull());
  });

  it("closes at once when nothing changed", async () => {
    renderWithProviders(<ThingSheet thing={THING} />);
    fireEvent.click(screen.getByText("open"));
    pressEscape();
    await waitFor(() => expect(sheet()).toBeNull());
    expect(screen.queryByText("Leave without saving?")).toBeNull();
  });

  it("opens again on the object as it is now, not on what was discarded or what it was", async () => {
    const { rerender } = renderWithProviders(<ThingSheet thing={THING} />);
    fireEvent.click(screen.getByText("open"));
    type("Lyon Part-Dieu");
    pressEscape();
    fireEvent.click(await screen.findByTestId("discard-changes"));
    await waitFor(() => expect(sheet()).toBeNull());
    // Renamed elsewhere while the panel was closed.
    rerender(<ThingSheet thing={{ ...THING, name: "Lyon Confluence" }} />);
    fireEvent.click(screen.getByText("open"));
    expect(nameField().value).toBe("Lyon Confluence");
    pressEscape();
    await waitFor(() => expect(sheet()).toBeNull());
  });

  it("offers Save once something changed, and Cancel puts the object's values back", async () => {
    renderWithProviders(<ThingSheet thing={THING} />);
    fireEvent.click(screen.getByText("open"));
    const save = screen.getByTestId("thing-save") as HTMLButtonElement;
    expect(save.textContent).toBe("Save");
    expect(save.disabled).toBe(true);
    expect(screen.queryByText("Cancel")).toBeNull();
    type("Lyon Part-Dieu");
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(screen.getByText("Cancel"));
    await waitFor(() => expect(nameField().value).toBe("Lyon"));
    expect(save.disabled).toBe(true);
    expect(screen.queryByText("Cancel")).toBeNull();
    expect(sheet()).toBeTruthy();
  });

  it("stays open after a save, holding what the server saved, with nothing left to confirm", async () => {
    const save = vi.fn(async (name: string) => ({ ...THING, name: name.trim() }));
    renderWithProviders(<ThingSheet thing={THING} save={save} />);
    fireEvent.click(screen.getByText("open"));
    type("Lyon Part-Dieu ");
    fireEvent.click(screen.getByTestId("thing-save"));
    await waitFor(() => expect(nameField().value).toBe("Lyon Part-Dieu"));
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0][0]).toBe("Lyon Part-Dieu ");
    expect(sheet()).toBeTruthy();
    pressEscape();
    await waitFor(() => expect(sheet()).toBeNull());
    expect(screen.queryByText("Leave without saving?")).toBeNull();
  });

  it("shows a server error once: on the field it names, else above the fields", async () => {
    const save = vi
      .fn<(name: string) => Promise<Thing>>()
      .mockRejectedValueOnce(new ApiRequestError("Invalid data (requestId=r1)", 400, "r1", [{ path: "name", message: "This name is taken" }]))
      .mockRejectedValueOnce(new ApiRequestError("The site is locked (requestId=r2)", 409, "r2"));
    renderWithProviders(<ThingSheet thing={THING} save={save} />);
    fireEvent.click(screen.getByText("open"));
    type("Lyon Part-Dieu");
    fireEvent.click(screen.getByTestId("thing-save"));
    await screen.findByText("This name is taken");
    expect(screen.getAllByText("This name is taken")).toHaveLength(1);
    expect(screen.queryByText(/Invalid data/)).toBeNull();
    expect(within(sheet()!).queryByRole("alert")).toBeNull();

    type("Lyon Confluence");
    fireEvent.click(screen.getByTestId("thing-save"));
    await screen.findByText(/The site is locked/);
    expect(within(sheet()!).getAllByRole("alert")).toHaveLength(1);
    expect(screen.getAllByText(/The site is locked/)).toHaveLength(1);
    expect(sheet()).toBeTruthy();
  });

  it("shows the read-only view instead of the form, and closes without asking", async () => {
    renderWithProviders(<ThingSheet thing={THING} readOnly />);
    fireEvent.click(screen.getByText("open"));
    expect(screen.getByText("Read only")).toBeTruthy();
    expect(screen.getByText("Danger zone")).toBeTruthy();
    expect(screen.queryByTestId("thing-name")).toBeNull();
    expect(screen.queryByTestId("thing-save")).toBeNull();
    pressEscape();
    await waitFor(() => expect(sheet()).toBeNull());
  });
});
