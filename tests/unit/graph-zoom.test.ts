import { describe, expect, it } from "vitest";
import { clampZoom, IDENTITY, panBy, project, ZOOM_MAX, zoomAround } from "@/components/msp-topology/graph-zoom";

// The network graph's pan and zoom, in the drawing's units (a 640 × 400 box).

const [W, H] = [640, 400];

describe("graph zoom", () => {
  it("zooms around a point, which stays where it is", () => {
    const zoomed = zoomAround(IDENTITY, 2, 160, 100, W, H);
    expect(zoomed).toEqual({ k: 2, x: -160, y: -100 });
    expect(project(zoomed, { x: 160, y: 100 })).toEqual({ x: 160, y: 100 });
    expect(project(zoomed, { x: 0, y: 0 })).toEqual({ x: -160, y: -100 });
  });

  it("never zooms out past the whole network, nor in past the limit", () => {
    expect(zoomAround(IDENTITY, 0.5, 320, 200, W, H)).toEqual(IDENTITY);
    expect(zoomAround({ k: 10, x: 0, y: 0 }, 4, 0, 0, W, H).k).toBe(ZOOM_MAX);
  });

  it("pans within the drawing's bounds: at 1× not at all, zoomed in up to its edges", () => {
    expect(panBy(IDENTITY, 50, -50, W, H)).toEqual(IDENTITY);
    const zoomed = { k: 2, x: -100, y: -100 };
    expect(panBy(zoomed, 40, 0, W, H)).toEqual({ k: 2, x: -60, y: -100 });
    expect(panBy(zoomed, 400, 0, W, H)).toEqual({ k: 2, x: 0, y: -100 });
    expect(panBy(zoomed, -2000, -2000, W, H)).toEqual({ k: 2, x: -W, y: -H });
    expect(clampZoom({ k: 0.2, x: 30, y: 30 }, W, H)).toEqual(IDENTITY);
  });
});
