import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ImportCsvDialog } from "@/components/csv/import-csv-dialog";
import type { CsvImportResult } from "@/lib/csv/schema";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// The Import dialog: a file is checked (a dry run) and its problems listed by line and column; only a file with none
// can be imported, and the import's answer closes the flow.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const report = (overrides: Partial<CsvImportResult>): CsvImportResult => ({
  dryRun: true,
  applied: false,
  rows: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  errors: [],
  outcomes: [],
  ...overrides,
});

const pick = (text: string, name = "paths.csv", label = "CSV file") =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([text], name, { type: "text/csv" })] } });

const CSV = "name,layer,bandwidth\nLyon,layer2,10\nMilan,layer2,20\n";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ImportCsvDialog", () => {
  it("lists a dry run's problems by line and column, and imports only a file that has none", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(200, report({ errors: [{ line: 3, column: "bandwidth", message: "Bandwidth must be a positive whole number" }] })))
      .mockResolvedValueOnce(json(200, report({})))
      .mockResolvedValueOnce(json(200, report({ dryRun: false, applied: true })));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ImportCsvDialog target={{ kind: "paths", organizationId: "o1" }} refresh={[]} onClose={() => {}} />);
    const importButton = screen.getByRole("button", { name: "Import" });
    expect(importButton).toHaveProperty("disabled", true);

    pick(CSV.replace("20", "x"));
    await screen.findByText("paths.csv selected.");
    fireEvent.click(screen.getByRole("button", { name: "Check file" }));
    const row = await screen.findByTestId("import-csv-error");
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["3", "bandwidth", "Bandwidth must be a positive whole number"]);
    expect(screen.getByTestId("import-csv-summary").textContent).toBe("1 problem found. Nothing was written: fix the file and check it again.");
    expect(importButton).toHaveProperty("disabled", true);

    pick(CSV);
    fireEvent.click(await screen.findByRole("button", { name: "Check file" }));
    await waitFor(() => expect(screen.getByTestId("import-csv-summary").textContent).toBe("2 rows: 2 to create, 0 to update, 0 unchanged."));
    await waitFor(() => expect(importButton).toHaveProperty("disabled", false));
    fireEvent.click(importButton);
    await waitFor(() => expect(screen.getByTestId("import-csv-summary").textContent).toBe("Imported: 2 created, 0 updated, 0 unchanged."));

    const sent = await sentRequests(fetch);
    expect(sent.map((request) => [request.method, request.path, (request.body as { dryRun: boolean }).dryRun])).toEqual([
      ["POST", "/api/v1/config/organization/o1/path/import", true],
      ["POST", "/api/v1/config/organization/o1/path/import", true],
      ["POST", "/api/v1/config/organization/o1/path/import", false],
    ]);
    expect((sent[2].body as { csv: string }).csv).toBe(CSV);
  });

  it("refuses a file that is not CSV text before sending it, with the server's message", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ImportCsvDialog target={{ kind: "sites", organizationId: "o1" }} refresh={[]} onClose={() => {}} />, { locale: "fr" });
    // The picker speaks the console's language, not the browser's.
    expect(screen.getByRole("button", { name: "Choisir un fichier" })).toBeTruthy();
    pick("\u0000\u0001PK\u0003\u0004", "photo.csv", "Fichier CSV");
    expect((await screen.findByRole("alert")).textContent).toContain("Ce n’est pas un fichier CSV");
    expect(screen.getByRole("button", { name: "Vérifier le fichier" })).toHaveProperty("disabled", true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
