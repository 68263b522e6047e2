import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoadMoreFooter } from "@/components/common/table-state";

// The footer every paginated table shares: there only while a next page exists, busy while it loads, one fetch a click.

describe("LoadMoreFooter", () => {
  it("shows nothing on the last page", () => {
    const { container } = render(<LoadMoreFooter query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }} label="Load more" />);
    expect(container.innerHTML).toBe("");
  });

  it("fetches the next page on a click, and is busy while it loads", () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<LoadMoreFooter query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} label="Load more" testId="more" />);
    fireEvent.click(screen.getByTestId("more"));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreFooter query={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} label="Load more" testId="more" />);
    expect((screen.getByTestId("more") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("more").textContent).toContain("Load more");
  });
});
