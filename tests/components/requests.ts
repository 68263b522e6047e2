// What the browser sent to a stubbed fetch, whether the API client handed it a URL and options or a Request.

export function requestOf(input: RequestInfo | URL, init?: RequestInit): Request {
  return input instanceof Request ? input : new Request(new URL(String(input), "http://console.test"), init);
}

/** The method, path and JSON body of each call made to a fetch stub, in order. */
export async function sentRequests(fetch: { mock: { calls: unknown[][] } }) {
  return Promise.all(
    fetch.mock.calls.map(async ([input, init]) => {
      const request = requestOf(input as RequestInfo | URL, init as RequestInit | undefined);
      const text = await request.text();
      return { method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : undefined };
    }),
  );
}
