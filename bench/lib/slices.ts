/**
 * Interleaved slices (issue 33): the pipeline section measures a call and its yardstick, the bare route, in short
 * slices taken in turn instead of one long run each, since this machine's speed drifts within seconds (the bare route
 * answered 14,286 then 31,798 requests a second in one round). Each target's rate is its slices' requests over their
 * seconds, and a share is a call's rate over the bare route's of the same slices.
 */
export interface Slice {
  requests: number;
  seconds: number;
  /** The CPU time of the process that answered, over the slice's measured part, in µs. */
  cpuUs: number;
}

export interface SliceShare {
  /** The call's rate over the bare route's, over all the slices, in %. */
  share: number;
  /** The lowest and highest share of one slice against the bare slice of the same turn. */
  lowest: number;
  highest: number;
}

/** Requests a second over all the slices. */
export const rateOf = (slices: Slice[]) => slices.reduce((sum, s) => sum + s.requests, 0) / slices.reduce((sum, s) => sum + s.seconds, 0);

/** A call's slices as a share of the bare route's taken in the same turns (slice i beside slice i). */
export function sliceShare(call: Slice[], bare: Slice[]): SliceShare {
  if (call.length === 0 || call.length !== bare.length)
    throw new Error(`${call.length} slices of the call against ${bare.length} of the bare route`);
  const each = call.map((s, i) => (s.requests / s.seconds / (bare[i].requests / bare[i].seconds)) * 100);
  return { share: (rateOf(call) / rateOf(bare)) * 100, lowest: Math.min(...each), highest: Math.max(...each) };
}

/** The CPU a call over all the slices, in µs. */
export function cpuPerCall(slices: Slice[]): number {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  return requests === 0 ? 0 : slices.reduce((sum, s) => sum + s.cpuUs, 0) / requests;
}

/** The order of turn `turn`: the targets rotated by it, so that none always runs first or right after the same one. */
export function turnOrder<T>(targets: readonly T[], turn: number): T[] {
  return targets.map((_, i) => targets[(i + turn) % targets.length]);
}
