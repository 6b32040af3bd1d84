import { LIVE_STREAMS_PER_INSTANCE, LIVE_STREAMS_PER_MEMBER, type LiveEvent, type LiveSignal, type Viewer } from '@portico/shared';
import { type AudienceRules, eventsFor } from './policy';

export interface Subscriber {
  viewer: Viewer;
  send(event: LiveEvent): void;
  end(reason: 'shutdown'): void;
}

export type Admission = 'ok' | 'member-full' | 'instance-full';

/** This instance's open streams by member, and the fan-out of each signal to the streams it concerns. */
export class LiveHub {
  private readonly byMember = new Map<number, Set<Subscriber>>();
  private total = 0;

  constructor(
    private readonly audience: AudienceRules,
    private readonly perMember = LIVE_STREAMS_PER_MEMBER,
    private readonly perInstance = LIVE_STREAMS_PER_INSTANCE,
  ) {}

  get size(): number {
    return this.total;
  }

  add(subscriber: Subscriber): Admission {
    if (this.total >= this.perInstance) return 'instance-full';
    const id = subscriber.viewer.memberId;
    const set = this.byMember.get(id) ?? new Set<Subscriber>();
    if (set.size >= this.perMember) return 'member-full';
    set.add(subscriber);
    this.byMember.set(id, set);
    this.total++;
    return 'ok';
  }

  remove(subscriber: Subscriber): void {
    const id = subscriber.viewer.memberId;
    const set = this.byMember.get(id);
    if (!set?.delete(subscriber)) return;
    this.total--;
    if (set.size === 0) this.byMember.delete(id);
  }

  dispatch(signal: LiveSignal): void {
    // A member list names its streams directly; other signals are weighed per stream.
    const targets =
      signal.kind === 'notifications'
        ? signal.memberIds.flatMap((id) => [...(this.byMember.get(id) ?? [])])
        : [...this.byMember.values()].flatMap((set) => [...set]);
    for (const subscriber of targets) for (const event of eventsFor(this.audience, subscriber.viewer, signal)) subscriber.send(event);
  }

  broadcast(event: LiveEvent): void {
    for (const set of this.byMember.values()) for (const subscriber of set) subscriber.send(event);
  }

  endAll(): void {
    for (const set of [...this.byMember.values()]) for (const subscriber of [...set]) subscriber.end('shutdown');
  }
}
