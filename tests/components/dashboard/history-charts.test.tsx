import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BandwidthCard, bandwidthSeries } from "@/components/dashboard/bandwidth-card";
import { CardScroller } from "@/components/dashboard/card-scroller";
import { BackcastEmpty, drawnBackcast } from "@/components/dashboard/chart-controls";
import { ProbesCard } from "@/components/dashboard/probes-card";
import { cardQueries } from "@/lib/dashboard/card-queries";
import { bandwidthQueryOptions } from "@/lib/telemetry/queries";
import type { BandwidthSeries, ProbeResults } from "@/lib/telemetry/schema";
import { renderWithProviders } from "../providers";

// Issue 42, history that draws: a comparison with no data says so (no empty legend entry), the bandwidth card keeps
// its size while it loads, and the probes card's figures fit its third of the dashboard (or scroll within reach).

const SITE = "00000000-0000-4000-8000-0000000000s1";
const ORG = "00000000-0000-4000-8000-0000000000c1";
const SINCE = "2026-12-07T08:00:00.000Z";
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.parse(SINCE) + minutes * MINUTE).toISOString();
const point = (minutes: number, rxBps: number) => ({ time: at(minutes), rxBps, txBps: rxBps / 2, rxMaxBps: rxBps, txMaxBps: rxBps / 2 });

function series(backcast: BandwidthSeries["backcast"]): BandwidthSeries {
  return { from: at(0), to: at(60), step: 60, resolution: "raw", points: [point(0, 1000), point(1, 2000), point(2, 3000)], backcast };
}

const labels = { rx: "RX", tx: "TX", earlier: (name: string) => `${name}, 1 month earlier` };

afterEach(() => vi.unstubAllGlobals());

describe("the backcast a chart draws", () => {
  it("dashed RX and TX on the current step when the earlier period holds data", () => {
    const drawn = bandwidthSeries(series({ offset: "1m", points: [point(0, 10), point(1, 20), point(2, 30)] }), labels);
    expect(drawn.map((line) => [line.key, line.label, Boolean(line.dashed), line.points.length])).toEqual([
      ["rx", "RX", false, 3],
      ["tx", "TX", false, 3],
      ["rx-backcast", "RX, 1 month earlier", true, 3],
      ["tx-backcast", "TX, 1 month earlier", true, 3],
    ]);
    // Overlaid on the current series' own times.
    expect(drawn[2].points.map((each) => each.time)).toEqual(drawn[0].points.map((each) => each.time));
  });

  it("no comparison line (nor legend entry) when the earlier period is empty, and a sentence that says so", () => {
    const empty = series({ offset: "1m", points: [] });
    expect(bandwidthSeries(empty, labels).map((line) => line.key)).toEqual(["rx", "tx"]);
    expect(drawnBackcast(empty.backcast)).toBeNull();
    expect(drawnBackcast(null)).toBeNull();
    renderWithProviders(<BackcastEmpty backcast={empty.backcast} />);
    expect(screen.getByTestId("backcast-empty").textContent).toContain("No data a month earlier to compare with.");
  });

  it("says it in French, and nothing when there is data or no comparison", () => {
    const { unmount } = renderWithProviders(<BackcastEmpty backcast={{ offset: "1w", points: [] }} />, { locale: "fr" });
    expect(screen.getByRole("status").textContent).toContain("Aucune donnée une semaine avant pour comparer.");
    unmount();
    renderWithProviders(
      <>
        <BackcastEmpty backcast={{ offset: "1d", points: [point(0, 1)] }} />
        <BackcastEmpty backcast={null} />
      </>,
    );
    expect(screen.queryByTestId("backcast-empty")).toBeNull();
  });
});

describe("the bandwidth card's size", () => {
  it("while loading, a skeleton as tall as the figures, plot and legend it stands for", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => undefined)));
    renderWithProviders(<BandwidthCard kind="site" id={SITE} since={SINCE} title="Bandwidth" />);
    const skeleton = screen.getByTestId("chart-skeleton");
    expect(skeleton.querySelector(".h-\\[220px\\]")).not.toBeNull();
    expect(skeleton.children).toHaveLength(2);
  });

  it("loaded, the plot's box and the legend are there before the chart's own code arrives", () => {
    renderWithProviders(<BandwidthCard kind="site" id={SITE} since={SINCE} title="Bandwidth" />, {
      seed: (client) => client.setQueryData(bandwidthQueryOptions("site", SITE, { from: SINCE }).queryKey, series(null)),
    });
    const card = screen.getByTestId("bandwidth-card");
    const legend = within(card).getByTestId("chart-legend");
    expect(legend.textContent).toContain("RX");
    expect(legend.textContent).toContain("TX");
    expect((legend.previousElementSibling as HTMLElement).style.height).toBe("220px");
  });
});

describe("the probes card", () => {
  const probe = (target: string, level: ProbeResults["items"][number]["level"], latencyMs: number | null, jitterMs: number | null, lossPercent: number) => ({
    siteId: SITE,
    siteName: "Paris HQ",
    target,
    time: at(0),
    latencyMs,
    jitterMs,
    lossPercent,
    level,
  });
  const probes: ProbeResults = { items: [probe("gcp", "severe", null, null, 100), probe("aws", "elevated-latency", 91.26, 4.5, 0.25)], total: 2 };

  it("four columns: the target with its level and site under it, then latency, jitter and loss with units in the headers", () => {
    renderWithProviders(<ProbesCard kind="organization" id={ORG} />, { seed: (client) => client.setQueryData(cardQueries.probes("organization", ORG).queryKey, probes) });
    const card = screen.getByTestId("probes-card");
    expect(within(card).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Target", "Latency (ms)", "Jitter (ms)", "Loss (%)"]);
    const rows = within(card).getAllByTestId("probe-row");
    expect(within(rows[1]).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["awsElevated latency· Paris HQ", "91.3", "4.5", "0.25"]);
    expect(within(rows[0]).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["gcpSevere· Paris HQ", "—", "—", "100"]);
  });
});

describe("a card's scroller", () => {
  function sized(element: HTMLElement, scrollWidth: number, clientWidth: number) {
    Object.defineProperty(element, "scrollWidth", { configurable: true, value: scrollWidth });
    Object.defineProperty(element, "clientWidth", { configurable: true, value: clientWidth });
  }

  it("a table wider than its card: a focusable, named region with a cue until its last column is in sight", () => {
    const widths = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(516);
    const client = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(329);
    try {
      renderWithProviders(
        <CardScroller label="Probes table, scrolls sideways">
          <table />
        </CardScroller>,
      );
      const region = screen.getByRole("region", { name: "Probes table, scrolls sideways" });
      expect(region.getAttribute("tabindex")).toBe("0");
      expect(screen.queryByTestId("scroll-cue")).not.toBeNull();
      sized(region, 516, 329);
      region.scrollLeft = 187;
      act(() => {
        fireEvent.scroll(region);
      });
      expect(screen.queryByTestId("scroll-cue")).toBeNull();
      expect(region.getAttribute("tabindex")).toBe("0");
    } finally {
      widths.mockRestore();
      client.mockRestore();
    }
  });

  it("a table that fits: no region, no tab stop, no cue", () => {
    renderWithProviders(
      <CardScroller label="Probes table, scrolls sideways">
        <table />
      </CardScroller>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByTestId("card-scroller").hasAttribute("tabindex")).toBe(false);
    expect(screen.queryByTestId("scroll-cue")).toBeNull();
  });
});
