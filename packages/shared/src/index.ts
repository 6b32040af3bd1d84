export * from './constants';
export * from './messages';
export * from './contracts/common';
export * from './contracts/members';
export * from './contracts/profiles';
export * from './contracts/menus';
export * from './domain/member-types';
export * from './domain/viewer';
