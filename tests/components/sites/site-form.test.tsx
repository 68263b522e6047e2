import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteFields, useSiteForm, type SiteForm } from "@/components/sites/site-form";
import { Form } from "@/components/ui/form";
import type { Site } from "@/lib/sites/schema";
import { renderWithProviders } from "../providers";

const PARIS = { address: "Paris, France", latitude: 48.86, longitude: 2.35 };
const AMSTERDAM = { address: "Amsterdam, Netherlands", latitude: 52.37, longitude: 4.9 };
const SINGAPORE = { address: "Singapore", latitude: 1.29, longitude: 103.85 };

function renderForm(site?: Site) {
  const held: { form?: SiteForm } = {};
  function Harness() {
    const form = useSiteForm(site);
    held.form = form;
    return (
      <Form {...form}>
        <form>
          <SiteFields form={form} />
        </form>
      </Form>
    );
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, form: () => held.form! };
}

const region = (form: SiteForm) => form.getValues("region" as never) as unknown as string | undefined;

// The region list loads from the API; these tests set the location themselves.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(async () => Response.json([]))));
afterEach(() => vi.unstubAllGlobals());

describe("a cloud site's region", () => {
  it("is proposed from the location, follows it while untouched, and says it was proposed", async () => {
    const view = renderForm();
    act(() => {
      view.form().setValue("type", "azure");
      view.form().setValue("location", PARIS);
    });
    await waitFor(() => expect(region(view.form())).toBe("francecentral"));
    expect(view.getByText(/Suggested: France Central/)).toBeTruthy();
    act(() => view.form().setValue("location", AMSTERDAM));
    await waitFor(() => expect(region(view.form())).toBe("westeurope"));
  });

  it("never replaces a region the person chose", async () => {
    const view = renderForm();
    act(() => {
      view.form().setValue("type", "gcp");
      view.form().setValue("location", PARIS);
    });
    await waitFor(() => expect(region(view.form())).toBe("europe-west9"));
    act(() => view.form().setValue("region" as never, "europe-west3" as never));
    act(() => view.form().setValue("location", SINGAPORE));
    // Give a proposal every chance to land before checking that none did.
    await act(async () => {});
    expect(region(view.form())).toBe("europe-west3");
    expect(view.queryByText(/Suggested:/)).toBeNull();
  });

  it("keeps an existing site's stored region", async () => {
    const site = {
      id: "s-1",
      name: "Azure West",
      description: "",
      type: "azure",
      azureSubscriptionId: "00000000-0000-4000-8000-000000000000",
      region: "northeurope",
      location: SINGAPORE,
    } as unknown as Site;
    const view = renderForm(site);
    await act(async () => {});
    expect(region(view.form())).toBe("northeurope");
  });
});
