import "server-only";
import type { SimLink, SimNetwork } from "./network";
import type { ReportingPlan } from "./plan";
import { pick } from "./random";

// Which objects the fault script hits, spread over the tenants so every customer and MSP sees something: the
// first customer (by name) gets the flapping port and the latency drift, a customer of another MSP the loss
// drift, each MSP a link fault, a customer not hit yet the degraded probe, and a device serving none of those
// goes silent. The seed picks among equal candidates; a target of the world before that is still a candidate stays,
// so an object added to the network (another node's ports, a new device) does not move the script's faults.

export interface FaultTargets {
  /** A port key ("<nodeId>/<portId>"). */
  portFlap?: string;
  pathLatency?: string;
  pathLoss?: string;
  linkLoss?: string;
  linkDown?: string;
  deviceSilent?: string;
  probe?: { siteId: string; target: string };
}

export function chooseFaultTargets(
  network: SimNetwork,
  plan: ReportingPlan,
  seed: number,
  probeTargetsOf: (siteId: string) => string[],
  previous: FaultTargets = {},
): FaultTargets {
  const targets: FaultTargets = {};
  /** The previous choice while it is still a candidate, else the seed's pick. */
  const choose = <T>(purpose: string, candidates: readonly T[], keep: (candidate: T) => boolean) => candidates.find(keep) ?? pick(seed, purpose, candidates);
  const reported = (key: string) => plan.reporterOf.has(key);
  const orgById = new Map(network.organizations.map((org) => [org.id, org]));
  const siteOrg = new Map(network.sites.map((site) => [site.id, site.organizationId]));
  const customers = network.organizations
    .filter((org) => org.organizationType === "customer")
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  const mspOf = (organizationId: string | undefined) => (organizationId ? (orgById.get(organizationId)?.parentId ?? organizationId) : undefined);
  const carrying = new Set(plan.connectorPort.values());

  // The flapping port: a customer's port that carries no connector (a spare or standby port), so nothing else breaks.
  for (const customer of customers) {
    const candidates = network.ports.filter(
      (port) => reported(port.key) && port.siteId && siteOrg.get(port.siteId) === customer.id && !carrying.has(port.key),
    );
    targets.portFlap = choose("port-flap", candidates, (port) => port.key === previous.portFlap)?.key;
    if (targets.portFlap) break;
  }

  const customerPaths = (customerId: string, exclude?: string) =>
    network.paths.filter((path) => path.organizationId === customerId && path.id !== exclude && reported(path.id));
  for (const customer of customers) {
    targets.pathLatency = choose("path-latency", customerPaths(customer.id), (path) => path.id === previous.pathLatency)?.id;
    if (targets.pathLatency) break;
  }
  const latencyCustomer = network.paths.find((path) => path.id === targets.pathLatency)?.organizationId;
  const firstMsp = mspOf(latencyCustomer ?? customers[0]?.id);

  // The loss drift goes to a customer of another MSP when there is one.
  const otherMspFirst = [...customers].sort((a, b) => Number(mspOf(a.id) === firstMsp) - Number(mspOf(b.id) === firstMsp));
  for (const customer of otherMspFirst) {
    targets.pathLoss = choose("path-loss", customerPaths(customer.id, targets.pathLatency), (path) => path.id === previous.pathLoss)?.id;
    if (targets.pathLoss) break;
  }

  // Link faults: access links over the internet first (they touch one customer), one MSP each.
  const msps = network.organizations.filter((org) => org.organizationType === "msp").sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  const linksOf = (mspId: string, exclude?: string) => {
    const own = network.links.filter((link) => link.organizationId === mspId && link.id !== exclude && reported(link.id));
    const internet = own.filter((link) => link.type === "internet");
    return internet.length > 0 ? internet : own;
  };
  const chooseLink = (purpose: string, order: typeof msps, kept: string | undefined, exclude?: string): SimLink | undefined => {
    for (const msp of order) {
      const choice = choose(purpose, linksOf(msp.id, exclude), (link) => link.id === kept);
      if (choice) return choice;
    }
    return undefined;
  };
  const firstMspLast = [...msps].sort((a, b) => Number(a.id === firstMsp) - Number(b.id === firstMsp));
  const firstMspFirst = [...firstMspLast].reverse();
  targets.linkDown = chooseLink("link-down", firstMspLast, previous.linkDown)?.id;
  targets.linkLoss = chooseLink("link-loss", firstMspFirst, previous.linkLoss, targets.linkDown)?.id;

  // The silent device serves none of the other targets, and preferably the paths of a customer not hit yet.
  const busy = new Set(
    [targets.portFlap, targets.pathLatency, targets.pathLoss, targets.linkDown, targets.linkLoss]
      .filter((key): key is string => key !== undefined)
      .map((key) => plan.reporterOf.get(key)),
  );
  const hitCustomers = new Set(network.paths.filter((path) => path.id === targets.pathLatency || path.id === targets.pathLoss).map((path) => path.organizationId));
  const score = (duty: ReportingPlan["duties"][number]) =>
    duty.paths.some((path) => !hitCustomers.has(path.organizationId)) ? 2 : duty.paths.length > 0 ? 1 : 0;
  const idle = plan.duties.filter((duty) => !busy.has(duty.device.id));
  const best = Math.max(-1, ...idle.map(score));
  const kept = idle.find((duty) => duty.device.id === previous.deviceSilent);
  targets.deviceSilent = (kept ?? pick(seed, "device-silent", idle.filter((duty) => score(duty) === best)))?.device.id;

  // The degraded probe: a site of a customer with no fault yet, not served by the silent device.
  const hit = new Set([...hitCustomers, ...(targets.portFlap ? [siteOrg.get(network.ports.find((p) => p.key === targets.portFlap)?.siteId ?? "")] : [])]);
  const probeOrder = [...customers].sort((a, b) => Number(hit.has(a.id)) - Number(hit.has(b.id)));
  for (const customer of probeOrder) {
    const sites = network.sites.filter(
      (site) =>
        site.organizationId === customer.id &&
        reported(site.id) &&
        plan.reporterOf.get(site.id) !== targets.deviceSilent &&
        probeTargetsOf(site.id).length > 0,
    );
    const site = choose("probe-site", sites, (candidate) => candidate.id === previous.probe?.siteId);
    if (site) {
      targets.probe = { siteId: site.id, target: choose("probe-target", probeTargetsOf(site.id), (target) => site.id === previous.probe?.siteId && target === previous.probe.target)! };
      break;
    }
  }
  return targets;
}
