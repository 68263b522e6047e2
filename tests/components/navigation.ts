import { fireEvent } from "@testing-library/react";
import { vi } from "vitest";

// next/navigation's hooks need the App Router mounted; component tests mock the module with this stand-in.
export const navigation = {
  push: vi.fn<(href: string, options?: { scroll?: boolean }) => void>(),
  pathname: "/",
  search: new URLSearchParams(),
};

export const nextNavigationMock = () => ({
  useRouter: () => ({ push: navigation.push, replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => navigation.pathname,
  useSearchParams: () => navigation.search,
});

/**
 * Clicks and says whether the browser would follow the click: it reached the window with its default action intact.
 * (jsdom cannot navigate, so the default is cancelled once observed.)
 */
export function clickFollows(element: Element, init?: MouseEventInit): boolean {
  let follows = false;
  const observe = (event: Event) => {
    follows = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", observe);
  try {
    fireEvent.click(element, init);
  } finally {
    window.removeEventListener("click", observe);
  }
  return follows;
}
