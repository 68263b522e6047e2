import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { ApiRequestError } from "@/lib/api/client";
import { messageWithValues } from "@/lib/validation/messages";
import { clickFollows, navigation } from "../navigation";
import { hydrateWithProviders, renderWithProviders } from "../providers";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// Schema messages are catalogue keys (with values), shown in the user's language; a server's message is shown as sent.
const schema = z.object({
  name: z.string().min(2, "validation.nameMin"),
  prefix: z.string().superRefine((value, context) => {
    if (!/\/\d+$/.test(value)) context.addIssue({ code: "custom", message: messageWithValues("validation.prefixInvalid", { prefix: value }) });
  }),
});
type Values = z.infer<typeof schema>;

/** A form as the console's forms are written: a failed save puts the API's field messages on the fields, if any match. */
function SiteForm({
  guard = false,
  onSubmit,
  onServerIssues,
}: {
  guard?: boolean;
  onSubmit: (values: Values) => unknown;
  onServerIssues?: (applied: boolean) => void;
}) {
  const form = useZodForm(schema, { defaultValues: { name: "", prefix: "" } });
  const save = async (values: Values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      onServerIssues?.(applyServerIssues(form, error));
    }
  };
  return (
    <>
      <ZodForm form={form} onSubmit={save} guardUnsavedChanges={guard}>
        <TextField control={form.control} name="name" label="Name" testId="name" />
        <TextField control={form.control} name="prefix" label="Prefix" testId="prefix" />
        <button type="submit">Save</button>
      </ZodForm>
      <a href="/sites">Sites</a>
    </>
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

beforeEach(() => navigation.push.mockClear());

describe("ZodForm", () => {
  it("shows the schema's messages from the catalogue, with their values, and does not submit", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SiteForm onSubmit={onSubmit} />);
    type("name", "a");
    type("prefix", "10.0.0.0");
    submit();
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByText("Invalid prefix: 10.0.0.0")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("leaving a box for the submit button waits for the submit: no message moves the button from under the pointer", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SiteForm onSubmit={onSubmit} />);
    const save = screen.getByRole("button", { name: "Save" });
    type("name", "a");
    fireEvent.blur(screen.getByTestId("name"), { relatedTarget: save });
    // Another box left afterwards is checked after anything the first blur started.
    type("prefix", "10.0.0.0");
    fireEvent.blur(screen.getByTestId("prefix"), { relatedTarget: screen.getByTestId("name") });
    expect(await screen.findByText("Invalid prefix: 10.0.0.0")).toBeTruthy();
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull();
    // Leaving it for anything else checks it at once.
    fireEvent.blur(screen.getByTestId("name"), { relatedTarget: screen.getByTestId("prefix") });
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("speaks the user's language", async () => {
    renderWithProviders(<SiteForm onSubmit={vi.fn()} />, { locale: "fr" });
    type("prefix", "10.0.0.0");
    submit();
    expect(await screen.findByText("Préfixe invalide : 10.0.0.0")).toBeTruthy();
  });

  it("submits the parsed values once they are valid", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SiteForm onSubmit={onSubmit} />);
    type("name", "Paris");
    type("prefix", "10.0.0.0/24");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0][0]).toEqual({ name: "Paris", prefix: "10.0.0.0/24" });
  });

  it("puts the API's per-field messages on the matching fields, as sent", async () => {
    const onServerIssues = vi.fn();
    renderWithProviders(
      <SiteForm
        onSubmit={() => {
          throw new ApiRequestError("Validation failed", 400, "req-1", [
            { path: "name", message: "Ce nom est déjà pris" },
            { path: "vlan", message: "not a field of this form" },
          ]);
        }}
        onServerIssues={onServerIssues}
      />,
    );
    type("name", "Paris");
    type("prefix", "10.0.0.0/24");
    submit();
    expect(await screen.findByText("Ce nom est déjà pris")).toBeTruthy();
    expect(screen.queryByText("not a field of this form")).toBeNull();
    expect(onServerIssues).toHaveBeenCalledExactlyOnceWith(true);
  });

  it("puts a row's message on the row's field, and leaves a message about the whole list or a missing row above", async () => {
    const rowsSchema = z.object({ links: z.array(z.object({ mtu: z.string() })) });
    function RowsForm({ error, onServerIssues }: { error: Error; onServerIssues: (applied: boolean) => void }) {
      const form = useZodForm(rowsSchema, { defaultValues: { links: [{ mtu: "1500" }, { mtu: "9000" }] } });
      return (
        <ZodForm
          form={form}
          onSubmit={() => {
            onServerIssues(applyServerIssues(form, error));
          }}
        >
          <TextField control={form.control} name="links.0.mtu" label="MTU 1" testId="mtu-0" />
          <TextField control={form.control} name="links.1.mtu" label="MTU 2" testId="mtu-1" />
          <button type="submit">Save</button>
        </ZodForm>
      );
    }
    const cases: [ApiRequestError, boolean, string | null][] = [
      [new ApiRequestError("Bad", 400, "r1", [{ path: "links.1.mtu", message: "MTU differs at the other end" }]), true, "MTU differs at the other end"],
      [new ApiRequestError("Bad", 400, "r2", [{ path: "links", message: "Every pair needs a link" }]), false, null],
      [new ApiRequestError("Bad", 400, "r3", [{ path: "links.7.mtu", message: "No such row" }]), false, null],
    ];
    for (const [error, applied, shown] of cases) {
      const onServerIssues = vi.fn();
      const { unmount } = renderWithProviders(<RowsForm error={error} onServerIssues={onServerIssues} />);
      submit();
      await waitFor(() => expect(onServerIssues).toHaveBeenCalledExactlyOnceWith(applied));
      if (shown) expect(await screen.findByText(shown)).toBeTruthy();
      for (const issue of error.issues ?? []) if (issue.message !== shown) expect(screen.queryByText(issue.message)).toBeNull();
      unmount();
    }
  });

  it("leaves the fields alone when no issue of the error names one of them", async () => {
    for (const error of [
      new ApiRequestError("Forbidden", 403, "req-2"),
      new ApiRequestError("Bad", 400, "req-3", [{ path: "vlan", message: "VLAN in use" }]),
      new Error("network"),
    ]) {
      const onServerIssues = vi.fn();
      const { unmount } = renderWithProviders(
        <SiteForm
          onSubmit={() => {
            throw error;
          }}
          onServerIssues={onServerIssues}
        />,
      );
      type("name", "Paris");
      type("prefix", "10.0.0.0/24");
      submit();
      await waitFor(() => expect(onServerIssues).toHaveBeenCalledExactlyOnceWith(false));
      expect(screen.queryByText("VLAN in use")).toBeNull();
      unmount();
    }
  });

  it("with guardUnsavedChanges, asks before leaving once a field changed, and no longer after a successful save", async () => {
    renderWithProviders(<SiteForm guard onSubmit={vi.fn()} />);
    expect(clickFollows(screen.getByText("Sites"))).toBe(true);
    type("name", "Paris");
    expect(clickFollows(screen.getByText("Sites"))).toBe(false);
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    type("prefix", "10.0.0.0/24");
    submit();
    await waitFor(() => expect(clickFollows(screen.getByText("Sites"))).toBe(true));
  });

  it("without guardUnsavedChanges, never holds a link", () => {
    renderWithProviders(<SiteForm onSubmit={vi.fn()} />);
    type("name", "Paris");
    expect(clickFollows(screen.getByText("Sites"))).toBe(true);
  });
});

describe("a form typed into before the page was hydrated", () => {
  function SignIn({ onSubmit }: { onSubmit: (values: Values) => unknown }) {
    const form = useZodForm(schema, { defaultValues: { name: "", prefix: "" } });
    return (
      <ZodForm form={form} onSubmit={onSubmit}>
        <TextField control={form.control} name="name" label="Name" testId="name" />
        <TextField control={form.control} name="prefix" label="Prefix" testId="prefix" />
        <SubmitButton>Save</SubmitButton>
      </ZodForm>
    );
  }

  it("cannot be sent from the server's HTML, and keeps what was typed once hydrated", async () => {
    const onSubmit = vi.fn();
    let disabledInHtml: boolean | undefined;
    hydrateWithProviders(<SignIn onSubmit={onSubmit} />, (container) => {
      disabledInHtml = container.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled;
      // Typed before the scripts ran: in the DOM only.
      container.querySelector<HTMLInputElement>("input[name=name]")!.value = "Paris HQ";
    });
    // The browser would have sent the form itself (a GET with every field in the address).
    expect(disabledInHtml).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", false));
    expect(screen.getByTestId("name")).toHaveProperty("value", "Paris HQ");
    type("prefix", "10.0.0.0/24");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Paris HQ", prefix: "10.0.0.0/24" }, expect.anything()));
  });
});
