"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from "react";

// Pan and zoom of the network graph, in the drawing's own units (its viewBox): nodes keep their size and the network
// spreads out under them, so a dense region opens up. ⌘/Ctrl + wheel or a trackpad pinch zooms around the pointer (a
// plain wheel still scrolls the page), a drag pans, and the keyboard does both on the focused graph: + and − zoom,
// the arrows pan, 0 goes back to the whole network. The buttons beside the graph do the same.

export interface ZoomState {
  k: number;
  x: number;
  y: number;
}

export const IDENTITY: ZoomState = { k: 1, x: 0, y: 0 };
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 12;
/** One keyboard or button step. */
export const ZOOM_STEP = 1.5;
/** An arrow key pans this share of the box. */
const PAN_SHARE = 0.1;
/** A pointer moving less than this (in screen pixels) between press and release clicked rather than dragged. */
const DRAG_THRESHOLD = 3;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The drawing never leaves the box: zoomed in, it pans within its own bounds; at 1×, it stays put. */
export function clampZoom(state: ZoomState, width: number, height: number): ZoomState {
  const k = clamp(state.k, ZOOM_MIN, ZOOM_MAX);
  return { k, x: clamp(state.x, width * (1 - k), 0), y: clamp(state.y, height * (1 - k), 0) };
}

/** Zoomed by `factor` keeping the point (cx, cy) of the box where it is. */
export function zoomAround(state: ZoomState, factor: number, cx: number, cy: number, width: number, height: number): ZoomState {
  const k = clamp(state.k * factor, ZOOM_MIN, ZOOM_MAX);
  const ratio = k / state.k;
  return clampZoom({ k, x: cx - (cx - state.x) * ratio, y: cy - (cy - state.y) * ratio }, width, height);
}

export function panBy(state: ZoomState, dx: number, dy: number, width: number, height: number): ZoomState {
  return clampZoom({ ...state, x: state.x + dx, y: state.y + dy }, width, height);
}

/** Where a point of the drawing is drawn. */
export const project = (state: ZoomState, point: { x: number; y: number }) => ({ x: point.x * state.k + state.x, y: point.y * state.k + state.y });

/** A client point in the drawing's units. */
function boxPoint(element: SVGSVGElement | null, clientX: number, clientY: number, width: number, height: number) {
  const rect = element?.getBoundingClientRect();
  if (!rect || rect.width === 0 || rect.height === 0) return { x: width / 2, y: height / 2 };
  return { x: ((clientX - rect.left) * width) / rect.width, y: ((clientY - rect.top) * height) / rect.height };
}

/** The pan and zoom of an SVG drawing of `width` × `height` units; `reset` when what it draws changes shape. */
export function useGraphZoom(svg: RefObject<SVGSVGElement | null>, width: number, height: number, resetKey: string) {
  const [zoom, setZoom] = useState<ZoomState>(IDENTITY);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; last: { x: number; y: number }; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const [shape, setShape] = useState(resetKey);
  if (shape !== resetKey) {
    setShape(resetKey);
    setZoom(IDENTITY);
  }

  const toBox = (clientX: number, clientY: number) => boxPoint(svg.current, clientX, clientY, width, height);

  // The wheel listener is not passive, so a zooming wheel does not also scroll the page.
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const point = boxPoint(element, event.clientX, event.clientY, width, height);
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002));
      setZoom((current) => zoomAround(current, factor, point.x, point.y, width, height));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [svg, width, height]);

  const step = (factor: number) => setZoom((current) => zoomAround(current, factor, width / 2, height / 2, width, height));
  const pan = (dx: number, dy: number) => setZoom((current) => panBy(current, dx, dy, width, height));

  const handlers = {
    onPointerDown: (event: PointerEvent<SVGSVGElement>) => {
      if (event.button !== 0) return;
      dragged.current = false;
      drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, last: toBox(event.clientX, event.clientY), moved: false };
    },
    onPointerMove: (event: PointerEvent<SVGSVGElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      if (!current.moved) {
        if (Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < DRAG_THRESHOLD) return;
        current.moved = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      const point = toBox(event.clientX, event.clientY);
      const [dx, dy] = [point.x - current.last.x, point.y - current.last.y];
      current.last = point;
      setZoom((state) => panBy(state, dx, dy, width, height));
    },
    onPointerUp: (event: PointerEvent<SVGSVGElement>) => {
      if (drag.current?.pointerId !== event.pointerId) return;
      dragged.current = drag.current.moved;
      drag.current = null;
    },
    onPointerCancel: () => {
      drag.current = null;
    },
    /** A drag ends without selecting what it started on. */
    onClickCapture: (event: MouseEvent) => {
      if (!dragged.current) return;
      dragged.current = false;
      event.stopPropagation();
    },
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => {
      const [panX, panY] = [width * PAN_SHARE, height * PAN_SHARE];
      const keys: Record<string, () => void> = {
        "+": () => step(ZOOM_STEP),
        "=": () => step(ZOOM_STEP),
        "-": () => step(1 / ZOOM_STEP),
        _: () => step(1 / ZOOM_STEP),
        "0": () => setZoom(IDENTITY),
        ArrowLeft: () => pan(panX, 0),
        ArrowRight: () => pan(-panX, 0),
        ArrowUp: () => pan(0, panY),
        ArrowDown: () => pan(0, -panY),
      };
      const action = keys[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      action();
    },
  };

  return {
    zoom,
    handlers,
    zoomIn: () => step(ZOOM_STEP),
    zoomOut: () => step(1 / ZOOM_STEP),
    reset: () => setZoom(IDENTITY),
  };
}
