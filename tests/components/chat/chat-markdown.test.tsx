import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ChatMarkdown from "@/components/chat/chat-markdown";
import { consoleHref } from "@/lib/chat/console-links";

// Issue 41, scope 7: an answer quotes what others wrote (an object's description); it links only to the console's own
// pages. A bare URL stays text (no GFM autolink), a Markdown link to another host shows its text, not clickable.

const DESCRIPTION = "Portal at http://evil.example, www.evil.example and <https://evil.example/x>; log in [here](https://evil.example/login) or [//evil](//evil.example).";

describe("ChatMarkdown links", () => {
  it("renders no link out of the console, and keeps every text visible", () => {
    const { container } = render(<ChatMarkdown text={`Site **HQ**: ${DESCRIPTION}\n\n| a | b |\n|---|---|\n| 1 | 2 |`} />);
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(container.textContent).toContain("http://evil.example");
    expect(container.textContent).toContain("www.evil.example");
    expect(container.textContent).toContain("https://evil.example/x");
    // The link's text is kept, its target is not.
    expect(screen.getByText("here").closest("a")).toBeNull();
    expect(container.textContent).not.toContain("https://evil.example/login");
    // The rest of the Markdown still renders.
    expect(container.querySelector("strong")?.textContent).toBe("HQ");
    expect(container.querySelectorAll("td")).toHaveLength(2);
  });

  it("shows an image as its text, fetching nothing", () => {
    const { container } = render(<ChatMarkdown text="![tracking pixel](https://evil.example/p.png)" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("tracking pixel");
  });

  it("keeps a link to one of the console's own pages clickable, in the same tab", () => {
    render(<ChatMarkdown text="See [the path](/organization/o1/paths/p1) and [alarms](/organization/o1/alarms?x=1#top)." />);
    const link = screen.getByRole("link", { name: "the path" });
    expect(link.getAttribute("href")).toBe("/organization/o1/paths/p1");
    expect(link.getAttribute("target")).toBeNull();
    expect(screen.getByRole("link", { name: "alarms" }).getAttribute("href")).toBe("/organization/o1/alarms?x=1#top");
  });
});

describe("consoleHref", () => {
  it("keeps a path of the console's origin and nothing else", () => {
    expect(consoleHref("/organization/o1/alarms")).toBe("/organization/o1/alarms");
    for (const href of ["https://evil.example", "http://evil.example", "//evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", "/\n/evil.example", "mailto:a@evil.example", "javascript:alert(1)", "evil.example", "", null, undefined]) {
      expect(consoleHref(href), String(href)).toBeNull();
    }
  });
});
