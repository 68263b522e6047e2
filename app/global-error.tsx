"use client";

// Last resort when the root layout itself fails: no providers, so plain English and a way out.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem", textAlign: "center" }}>
        <h1>Something went wrong!</h1>
        <details>
          <summary>Show Error</summary>
          <pre style={{ whiteSpace: "pre-wrap" }}>{error.message}</pre>
        </details>
        <p>
          <a href="/user/logout">Logout</a>
        </p>
      </body>
    </html>
  );
}
