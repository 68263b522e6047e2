// SPEC §5 "Fabric full mesh: at least one link per node pair", without zod: the fabric page reads it on first load;
// lib/fabrics/schema.ts checks a save with it.

/** Whether every pair of core nodes has a link, and the pairs that have none. */
export interface FabricMesh {
  complete: boolean;
  missingPairs: { a: { id: string; name: string }; b: { id: string; name: string } }[];
}

/** The pairs of core nodes (in the given order) that no link joins, in either direction. */
export function meshOf(
  coreNodes: { id: string; name: string }[],
  fabricLinks: { sourceNodeId: string; destinationNodeId: string }[],
): FabricMesh {
  const key = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  const linked = new Set(fabricLinks.map((link) => key(link.sourceNodeId, link.destinationNodeId)));
  const missingPairs: FabricMesh["missingPairs"] = [];
  for (let i = 0; i < coreNodes.length; i++) {
    for (let j = i + 1; j < coreNodes.length; j++) {
      const a = coreNodes[i];
      const b = coreNodes[j];
      if (!linked.has(key(a.id, b.id))) missingPairs.push({ a: { id: a.id, name: a.name }, b: { id: b.id, name: b.name } });
    }
  }
  return { complete: missingPairs.length === 0, missingPairs };
}

/** Where the link editor shows a missing pair's message: `mesh.<a>~<b>` (the pair's node ids in mesh order). */
export const meshPairPath = (a: string, b: string) => `${a}~${b}`;

