import { describe, expect, it } from "vitest";
import { distanceKm } from "@/lib/geo";
import { NO_FAULTS } from "@/server/simulator/faults";
import { NearestPlaces } from "@/server/simulator/nearest";
import type { SimNetwork, SimSite } from "@/server/simulator/network";
import { hashText, unitAt } from "@/server/simulator/random";
import { chooseForCustomer, type CustomerInputs } from "@/server/simulator/site-choices";
import { drain } from "@/server/simulator/slices";
import { buildWorld } from "@/server/simulator/world";
import { scaleNetwork } from "../fixtures/simulator-scale-network";

// Issue 13, finding 9: the world of a customer with 17,000 sites took minutes of one thread (every site sorted
// against every other) and was rebuilt on every change. The nearest sites are now found with a k-d tree — the
// same answer as sorting all, checked against that sort — the build lets the event loop turn, and a customer
// whose sites and paths did not change keeps its choices.

/** Places drawn from a seed: clustered, many sharing a position exactly, some near the poles and the antimeridian. */
function places(seed: number, count: number): SimSite[] {
  const key = hashText(`places:${seed}`);
  const anchors = [
    [48.86, 2.35],
    [89.9, 10],
    [-89.5, -120],
    [0, 179.99],
    [0, -179.99],
    [35.68, 139.69],
  ];
  return Array.from({ length: count }, (_, i) => {
    const r = (n: number) => unitAt(key, i * 7 + n);
    const [lat, lon] = anchors[Math.floor(r(0) * anchors.length)];
    // A third share a handful of exact positions; the rest scatter around their anchor (or anywhere).
    const exact = r(1) < 0.33;
    const anywhere = r(2) < 0.2;
    const latitude = exact ? lat : anywhere ? -90 + 180 * r(3) : Math.max(-90, Math.min(90, lat + (r(3) - 0.5) * 4));
    const longitude = exact ? lon : anywhere ? -180 + 360 * r(4) : ((lon + (r(4) - 0.5) * 8 + 540) % 360) - 180;
    return { id: `s-${String(i).padStart(5, "0")}`, organizationId: "c", name: `Site ${i}`, type: "standard", latitude, longitude, cloudRegion: null };
  });
}

/** What the simulator did before: every other site sorted, linked ones first, then by distance (a stable sort). */
function sortedOthers(site: SimSite, sites: SimSite[], linked: Set<string>, count: number): string[] {
  return sites
    .filter((other) => other.id !== site.id)
    .map((other) => ({ other, linked: linked.has(other.id), distance: distanceKm(site, other) }))
    .sort((a, b) => Number(b.linked) - Number(a.linked) || a.distance - b.distance)
    .slice(0, count)
    .map(({ other }) => other.id);
}

describe("the nearest places", () => {
  it("are those a sort of every place by distance gives, ties by order, with any filter", () => {
    for (const seed of [1, 2, 3, 4]) {
      const list = places(seed, 600);
      const nearest = new NearestPlaces(list);
      const key = hashText(`filter:${seed}`);
      for (let i = 0; i < list.length; i += 7) {
        const from = list[i];
        const accept = (_: SimSite, index: number) => index !== i && unitAt(key, index) > 0.2;
        for (const count of [1, 2, 5]) {
          const expected = list
            .map((place, index) => ({ place, index, distance: distanceKm(from, place) }))
            .filter(({ place, index }) => accept(place, index))
            .sort((a, b) => a.distance - b.distance || a.index - b.index)
            .slice(0, count)
            .map(({ place }) => place.id);
          expect(nearest.nearest(from, count, accept).map((place) => place.id)).toEqual(expected);
        }
      }
      // About n·log n distances for n·k answers, far from the n² a sort of every pair measures.
      expect(nearest.evaluations).toBeLessThan((list.length / 7) * 3 * 60);
    }
  });

  it("answers nothing when asked for nothing or when nothing is accepted", () => {
    const nearest = new NearestPlaces(places(5, 50));
    expect(nearest.nearest({ latitude: 0, longitude: 0 }, 0, () => true)).toEqual([]);
    expect(nearest.nearest({ latitude: 0, longitude: 0 }, 2, () => false)).toEqual([]);
    expect(new NearestPlaces([]).nearest({ latitude: 0, longitude: 0 }, 2, () => true)).toEqual([]);
  });
});

describe("a customer's probe targets", () => {
  it("are the sites it has paths to, then the nearest, as before", () => {
    const sites = places(7, 400);
    const key = hashText("links");
    const connected = new Map<string, Set<string>>();
    const connect = (a: string, b: string) => connected.set(a, (connected.get(a) ?? new Set()).add(b));
    // Some sites have no path, some one, some several (a hub), and a path to a site of another customer counts for nothing.
    for (let i = 0; i < sites.length; i++) {
      const links = Math.floor(unitAt(key, i) * 4) - 1;
      for (let j = 0; j < links; j++) {
        const other = sites[Math.floor(unitAt(key, i * 13 + j + 1) * sites.length)];
        if (other.id === sites[i].id) continue;
        connect(sites[i].id, other.id);
        connect(other.id, sites[i].id);
      }
    }
    connect(sites[0].id, "elsewhere");
    for (let i = 1; i < 60; i++) {
      connect(sites[0].id, sites[i].id);
      connect(sites[i].id, sites[0].id);
    }
    const inputs: CustomerInputs = { sites, connected };
    const { choices } = drain(chooseForCustomer(1, inputs));
    const ids = new Set(sites.map((site) => site.id));
    for (const site of sites) {
      const chosen = choices
        .get(site.id)!
        .probes.map((probe) => probe.id.slice(site.id.length + 1))
        .filter((id) => ids.has(id));
      expect(chosen).toEqual(sortedOthers(site, sites, connected.get(site.id) ?? new Set(), 2));
    }
  });
});

describe("the world of a customer with 20,000 sites", () => {
  it("is built with a bounded number of distances while the event loop keeps turning", async () => {
    const network = scaleNetwork({ sites: 20_000, pathsPerSite: 0.5 });
    // Gaps between turns of the event loop while the build runs: what a request or a shutdown would wait.
    let last = performance.now();
    let longest = 0;
    let turns = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
    }, 1);
    const started = performance.now();
    const world = await buildWorld(network, 1);
    const ms = performance.now() - started;
    clearInterval(ticker);
    console.log(`20,000 sites: built in ${Math.round(ms)} ms, ${world.distanceEvaluations} distances, the loop turned ${turns} times, longest wait ${Math.round(longest)} ms`);

    // The sort of every pair measured n² / 2 = 200,000,000 distances (and took about ten minutes here); a few per
    // site now: two regions' worth of neighbours for the sites without enough paths.
    expect(world.distanceEvaluations).toBeLessThan(20 * network.sites.length);
    expect(world.distanceEvaluations).toBeGreaterThan(network.sites.length / 2);
    // Generous bounds for a shared 2-core machine: the build takes about a second alone and yields every few
    // milliseconds; the old one held the thread for minutes at once.
    expect(ms).toBeLessThan(60_000);
    expect(turns).toBeGreaterThan(20);
    expect(longest).toBeLessThan(2_000);

    const state = await world.stateInSlices(Date.UTC(2026, 10, 25, 12), NO_FAULTS, 10_000);
    expect(state.probes.size).toBe(network.sites.length);
    expect(state).toEqual(world.stateAt(Date.UTC(2026, 10, 25, 12), NO_FAULTS, 10_000));
  }, 120_000);

  it("keeps a customer's choices when another customer changes, and rebuilds those of the one that changed", async () => {
    const big = scaleNetwork({ sites: 5_000, pathsPerSite: 0.2 });
    const small: SimSite[] = places(9, 30).map((site) => ({ ...site, id: `t-${site.id}`, organizationId: "org-small" }));
    const network: SimNetwork = {
      ...big,
      organizations: [...big.organizations, { id: "org-small", name: "Small", organizationType: "customer", parentId: "org-msp" }],
      sites: [...big.sites, ...small].sort((a, b) => (a.id < b.id ? -1 : 1)),
    };
    const first = await buildWorld(network, 1);
    const moved = { ...small[3], latitude: small[3].latitude + 1 };
    const changed: SimNetwork = { ...network, sites: network.sites.map((site) => (site.id === moved.id ? moved : site)) };
    const second = await buildWorld(changed, 1, first);
    expect(second.choices.get("org-customer")).toMatchObject({ choices: first.choices.get("org-customer")!.choices });
    expect(second.choices.get("org-customer")!.distanceEvaluations).toBe(0);
    expect(second.choices.get("org-small")!.choices).not.toBe(first.choices.get("org-small")!.choices);
    expect(second.distanceEvaluations).toBeLessThan(small.length * 20);
    // The same world as one built from nothing.
    const fresh = await buildWorld(changed, 1);
    const at = Date.UTC(2026, 10, 25, 12);
    expect(second.stateAt(at, NO_FAULTS, 10_000)).toEqual(fresh.stateAt(at, NO_FAULTS, 10_000));
    expect(second.targets).toEqual(fresh.targets);
    // A path added from a site with none (the first thousand sites have theirs) to a far one: the big customer's
    // choices are made again, and the far site is now probed.
    const [lonely, far] = [big.sites[4_000], big.sites[10]];
    expect(second.probeTargetsOf(lonely.id)).not.toContain(far.name);
    const path = { ...big.paths[0], id: "path-new", sourceSiteId: lonely.id, destinationSiteId: far.id };
    const third = await buildWorld({ ...changed, paths: [...changed.paths, path] }, 1, second);
    expect(third.choices.get("org-customer")!.distanceEvaluations).toBeGreaterThan(0);
    expect(third.probeTargetsOf(lonely.id)).toContain(far.name);
  }, 120_000);
});
