/** The training door of the shared package (one line in src/index.ts). */

export * from '../contracts/training';
export * from '../contracts/training-imports';
export * from '../contracts/training-requirements';
export * from './training';
export * from './training-constants';
export * from './training-dates';
export * from './training-ics';
export * from './training-imports';
export * from './training-messages';
export * from './training-requirements';
export * from './training-requirements-messages';
