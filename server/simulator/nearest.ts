import "server-only";
import { distanceKm, EARTH_RADIUS_KM, radians, type Coordinates } from "@/lib/geo";

// The nearest of many places without measuring every pair (issue 13: a customer of 20,000 sites). Places sharing a
// position are measured once; positions go into a k-d tree on the unit sphere, where the straight chord between two
// points grows with their great-circle distance, so a branch whose chord is already longer than the k-th best is
// skipped. The answer is exactly that of sorting every place by (distanceKm, index).

const LEAF_SIZE = 8;
/** Room for rounding between the chord's bound and the haversine distance: a branch is skipped only when clearly farther. */
const SLACK_KM = 1e-6;

interface Position {
  latitude: number;
  longitude: number;
  xyz: [number, number, number];
  /** Indices of the places at this position, ascending. */
  members: number[];
}

type Tree = { leaf: Position[] } | { axis: 0 | 1 | 2; split: number; low: Tree; high: Tree };


function unitVector(latitude: number, longitude: number): [number, number, number] {
  const lat = radians(latitude);
  const lon = radians(longitude);
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** The shortest great-circle distance between two points whose chord is at least `chord`. */
const chordKm = (chord: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chord / 2));

function build(positions: Position[]): Tree {
  if (positions.length <= LEAF_SIZE) return { leaf: positions };
  let axis: 0 | 1 | 2 = 0;
  let widest = -1;
  for (const a of [0, 1, 2] as const) {
    let min = Infinity;
    let max = -Infinity;
    for (const position of positions) {
      min = Math.min(min, position.xyz[a]);
      max = Math.max(max, position.xyz[a]);
    }
    if (max - min > widest) [axis, widest] = [a, max - min];
  }
  const sorted = [...positions].sort((p, q) => p.xyz[axis] - q.xyz[axis]);
  const middle = sorted.length >> 1;
  return { axis, split: sorted[middle].xyz[axis], low: build(sorted.slice(0, middle)), high: build(sorted.slice(middle)) };
}

export class NearestPlaces<T extends Coordinates> {
  /** Distances measured so far (for tests and benchmarks: the work stays near linear in the number of places). */
  evaluations = 0;
  private readonly tree: Tree;

  constructor(private readonly places: readonly T[]) {
    const byPosition = new Map<string, Position>();
    places.forEach((place, index) => {
      const key = `${place.latitude},${place.longitude}`;
      const position = byPosition.get(key);
      if (position) position.members.push(index);
      else byPosition.set(key, { latitude: place.latitude, longitude: place.longitude, xyz: unitVector(place.latitude, place.longitude), members: [index] });
    });
    this.tree = build([...byPosition.values()]);
  }

  /** The `count` places nearest to `from` among those `accept` lets through, nearest first, ties by index. */
  nearest(from: Coordinates, count: number, accept: (place: T, index: number) => boolean): T[] {
    if (count <= 0) return [];
    const query = unitVector(from.latitude, from.longitude);
    const best: { distance: number; index: number }[] = [];
    const worst = () => (best.length < count ? Infinity : best[best.length - 1].distance);

    const visit = (position: Position) => {
      this.evaluations++;
      const distance = distanceKm(from, position);
      if (distance > worst()) return;
      let taken = 0;
      for (const index of position.members) {
        if (taken === count) break;
        if (!accept(this.places[index], index)) continue;
        taken++;
        const at = best.findIndex((entry) => entry.distance > distance || (entry.distance === distance && entry.index > index));
        best.splice(at === -1 ? best.length : at, 0, { distance, index });
        if (best.length > count) best.pop();
      }
    };

    const search = (tree: Tree) => {
      if ("leaf" in tree) {
        for (const position of tree.leaf) visit(position);
        return;
      }
      const gap = query[tree.axis] - tree.split;
      const [near, far] = gap < 0 ? [tree.low, tree.high] : [tree.high, tree.low];
      search(near);
      if (chordKm(Math.abs(gap)) <= worst() + SLACK_KM) search(far);
    };
    search(this.tree);
    return best.map((entry) => this.places[entry.index]);
  }
}
