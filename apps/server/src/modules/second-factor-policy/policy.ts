import type { Viewer } from '@portico/shared';

/** MLS staff (level 5) set the second-factor policy and read the enrolment, over every member (issue 32 §3). */
export const isMlsStaff = (viewer: Viewer): boolean => viewer.level === 5;
