"use client";

import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { consoleHref } from "@/lib/chat/console-links";

// The assistant's answers as Markdown (lists, tables, code, emphasis) with react-markdown: raw HTML in an answer is
// shown as text, never rendered, and links lead only to the console's own pages. A link elsewhere — written as one, or
// a bare URL GFM would make one — is shown as its text, not clickable; an image is shown as its text too (it would
// fetch from wherever it says). Loaded on demand (chat-text.tsx): it stays out of every page's first load.

const COMPONENTS: Components = {
  p: ({ children }) => <p className="my-1 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1 list-disc space-y-0.5 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1 list-decimal space-y-0.5 pl-5">{children}</ol>,
  li: ({ children }) => <li className="pl-0.5">{children}</li>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  a: ({ href, children }) => {
    const inConsole = consoleHref(href);
    return inConsole ? (
      <a href={inConsole} className="text-primary underline underline-offset-2">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ alt }) => <span>{alt}</span>,
  code: ({ children, className }) => <code className={className ?? "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]"}>{children}</code>,
  pre: ({ children }) => <pre className="my-1 overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs">{children}</pre>,
  table: ({ children }) => (
    <div className="my-1 overflow-x-auto">
      <table className="w-full border-collapse text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b px-2 py-1 text-left font-medium">{children}</th>,
  td: ({ children }) => <td className="border-b px-2 py-1 tabular-nums">{children}</td>,
};

export default function ChatMarkdown({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
      {text}
    </Markdown>
  );
}
