/** The training door of the shared package (one line in src/index.ts). */

export * from '../contracts/training';
export * from './training';
export * from './training-constants';
export * from './training-dates';
export * from './training-ics';
export * from './training-messages';
