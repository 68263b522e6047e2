import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ToasterHost } from "@/components/ui/toaster-host";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrganizationSelector } from "@/components/shell/organization-selector";
import { hardNavigate } from "@/components/shell/hard-navigate";
import { organizationsQueryOptions } from "@/lib/organizations/queries";
import type { Organization } from "@/lib/organizations/schema";
import { currentUserQueryOptions, membershipsQueryOptions } from "@/lib/users/queries";
import type { CurrentUser, Membership } from "@/lib/users/schema";
import { navigation } from "../navigation";
import { renderWithProviders } from "../providers";

const CONTOSO = "org-contoso";
const INITECH = "org-initech";

vi.mock("next/navigation", async () => ({ ...(await import("../navigation")).nextNavigationMock(), useParams: () => ({ organizationId: CONTOSO }) }));
vi.mock("@/components/shell/hard-navigate", () => ({ hardNavigate: vi.fn() }));

const organizations: Organization[] = [{ id: CONTOSO, name: "Contoso", organizationType: "customer", parentId: "org-northwind" }];
const user: CurrentUser = {
  userId: "u1",
  userEmail: "two-hats@example.com",
  userFirstName: "Two",
  userLastName: "Hats",
  userLanguage: "en",
  organizationId: CONTOSO,
  role: "customer-admin",
  scopes: ["common:config:read"],
};
const contosoMembership: Membership = { organizationId: CONTOSO, name: "Contoso", organizationType: "customer", role: "admin", roleName: "customer-admin" };
const initechMembership: Membership = { organizationId: INITECH, name: "Initech", organizationType: "customer", role: "read-only", roleName: "customer-read-only" };

/** The API as the selector sees it: the console context as seeded, and the switch's answer. */
function answer(memberships: Membership[], switched: Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith("/switch")) return switched;
    if (url === "/api/v1/config/organization") return Response.json(organizations);
    if (url === "/api/v1/config/user") return Response.json(user);
    if (url === "/api/v1/config/user/membership") return Response.json(memberships);
    return Response.json({ error: "Not found", requestId: "r0" }, { status: 404 });
  });
}

const switchCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/switch"));

async function renderSelector(memberships: Membership[], switched = Response.json({ ...user, organizationId: INITECH, role: "customer-read-only" })) {
  answer(memberships, switched);
  const rendered = renderWithProviders(<OrganizationSelector />, {
    seed: (queryClient) => {
      queryClient.setQueryData(organizationsQueryOptions().queryKey, organizations);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      queryClient.setQueryData(membershipsQueryOptions().queryKey, memberships);
    },
  });
  fireEvent.click(screen.getByTestId("organization-selector"));
  // The list is fetched on the first click (lazyOverlay): it opens once its code is there.
  await screen.findByRole("listbox");
  return rendered;
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(hardNavigate).mockClear();
  navigation.push.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("OrganizationSelector with several memberships", () => {
  it("switches the session to another of the user's organizations, then opens its index afresh", async () => {
    await renderSelector([contosoMembership, initechMembership]);
    const own = screen.getByRole("group", { name: "Your organizations" });
    expect(within(own).getAllByRole("option").map((option) => option.textContent)).toEqual(["Contoso", "Initech"]);
    expect(within(own).getByRole("option", { name: "Contoso" }).getAttribute("aria-selected")).toBe("true");

    fireEvent.click(within(own).getByRole("option", { name: "Initech" }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/organization/${INITECH}/customer/dashboard`));
    expect(switchCalls()).toHaveLength(1);
    const [url, init] = switchCalls()[0];
    expect(url).toBe(`/api/v1/config/user/membership/${INITECH}/switch`);
    expect(init?.method).toBe("POST");
  });

  it("filters the group with the search", async () => {
    await renderSelector([contosoMembership, initechMembership]);
    fireEvent.change(screen.getByPlaceholderText("Search organizations..."), { target: { value: "init" } });
    expect(within(screen.getByRole("group", { name: "Your organizations" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["Initech"]);
  });

  it("says nothing matches only when neither list has a match, and Enter takes the first option shown", async () => {
    await renderSelector([contosoMembership, initechMembership]);
    const search = screen.getByPlaceholderText("Search organizations...");
    fireEvent.change(search, { target: { value: "init" } });
    expect(screen.queryByText("No organization matches.")).toBeNull();
    fireEvent.keyDown(search, { key: "Enter" });
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/organization/${INITECH}/customer/dashboard`));
  });

  it("has no group of its own for one membership", async () => {
    await renderSelector([contosoMembership]);
    expect(screen.queryByRole("group", { name: "Your organizations" })).toBeNull();
    expect(screen.getByRole("group", { name: "Customers" })).toBeTruthy();
  });

  it("stays put when the switch is refused", async () => {
    render(<ToasterHost />);
    await renderSelector([contosoMembership, initechMembership], Response.json({ error: "Not found", requestId: "r1" }, { status: 404 }));
    fireEvent.click(within(screen.getByRole("group", { name: "Your organizations" })).getByRole("option", { name: "Initech" }));
    // The refusal is told, and that is all that happens.
    expect(await screen.findByText("Could not switch to Initech: Not found (requestId=r1)")).toBeTruthy();
    expect(switchCalls()).toHaveLength(1);
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});
