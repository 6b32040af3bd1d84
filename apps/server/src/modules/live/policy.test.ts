import { type LiveSignal, toViewer, type Viewer, type ViewerSource } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { liveAudience } from '../index';
import { eventsFor as eventsWith } from './policy';

/** The rules as the app registers them (modules/index.ts): each feature's own. */
const eventsFor = (viewer: Viewer, signal: LiveSignal) => eventsWith(liveAudience, viewer, signal);

const viewer = (over: Partial<ViewerSource> = {}) =>
  toViewer({
    memberId: 10,
    loginId: 'm10',
    userClass: 'RA',
    officeId: 1,
    officeCode: 'OF1',
    mainOfficeCode: 'OF1',
    aorId: 3,
    aorShortName: 'T3',
    originatingSystemId: 'CRM',
    isCrmlsAdmin: false,
    isCrmlsAorAdmin: false,
    isCrmlsOfficeAdmin: false,
    ...over,
  })!;

describe('who hears which live signal', () => {
  const chat = { kind: 'case', workItemId: 5, aorId: 3, contactMemberId: 10, isChat: true, chatBy: 'staff' } as const;

  it('gives a member their own notifications only', () => {
    expect(eventsFor(viewer(), { kind: 'notifications', memberIds: [10, 11] })).toEqual([{ type: 'notifications' }]);
    expect(eventsFor(viewer(), { kind: 'notifications', memberIds: [11] })).toEqual([]);
  });

  it("tells a chat's member and its association's staff, not other associations' staff", () => {
    expect(eventsFor(viewer(), chat)).toEqual([{ type: 'cases' }, { type: 'chat', workItemId: 5, fromStaff: true }]);
    expect(eventsFor(viewer({ memberId: 20, isCrmlsAorAdmin: true }), chat)).toHaveLength(2);
    expect(eventsFor(viewer({ memberId: 21, isCrmlsAorAdmin: true, aorId: 4 }), chat)).toEqual([]);
    expect(eventsFor(viewer({ memberId: 22 }), chat)).toEqual([]);
  });

  it("tells MLS staff (level 5) of the feed's progress, and nobody else", () => {
    expect(eventsFor(viewer({ userClass: 'AS' }), { kind: 'feed' })).toEqual([{ type: 'feed' }]);
    expect(eventsFor(viewer({ isCrmlsAdmin: true }), { kind: 'feed' })).toEqual([{ type: 'feed' }]);
    expect(eventsFor(viewer({ isCrmlsAorAdmin: true }), { kind: 'feed' })).toEqual([]);
    expect(eventsFor(viewer({ userClass: 'AG' }), { kind: 'feed' })).toEqual([]);
  });
});
