export * from './status.js';
export * from './envelope.js';
export * from './limits.js';
export * from './languages.js';
export * from './permissions.js';
export * from './navigation.js';
export * from './api/account.js';
export * from './rules/index.js';
