import type { LiveEvent, LiveSignal, Viewer } from '@portico/shared';

/** What one member's stream hears of one kind of signal: a rule the feature that sends the signal owns. */
export type AudienceRule<K extends LiveSignal['kind']> = (viewer: Viewer, signal: Extract<LiveSignal, { kind: K }>) => LiveEvent[];

/**
 * One rule per signal kind, registered by the features in `modules/index.ts` (decision 1030): live fans signals out
 * and knows no feature's rules, so a feature that publishes may import live without live importing it back. The
 * compiler refuses a set that misses a kind.
 */
export type AudienceRules = { [K in LiveSignal['kind']]: AudienceRule<K> };

/** What one member's stream hears of a signal, by the rule registered for the signal's kind. */
export function eventsFor(rules: AudienceRules, viewer: Viewer, signal: LiveSignal): LiveEvent[] {
  const rule = rules[signal.kind] as AudienceRule<LiveSignal['kind']>;
  return rule(viewer, signal);
}
