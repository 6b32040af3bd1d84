/** The registered-listings door of the shared package (one line in src/index.ts). */

export * from '../contracts/registered';
export * from '../contracts/registered-lookups';
export * from './registered';
export * from './registered-exemption';
export * from './registered-format';
export * from './registered-messages';
