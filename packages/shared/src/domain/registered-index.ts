/** The registered-listings door of the shared package (one line in src/index.ts). */
export * from './registered';
export * from './registered-messages';
export * from './registered-format';
export * from '../contracts/registered';
