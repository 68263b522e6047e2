"use client";

import { lazy, Suspense } from "react";

// The Markdown renderer (react-markdown with GFM, ~40 KiB gzipped) is fetched with the first answer, not in the chat's
// first load; until it arrives the answer shows as plain text, so nothing waits on it.
const ChatMarkdown = lazy(() => import("./chat-markdown"));

/** An answer of the assistant, rendered from its Markdown. */
export function AssistantText({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap">{text}</div>}>
      <ChatMarkdown text={text} />
    </Suspense>
  );
}
