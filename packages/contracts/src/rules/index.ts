// Validation rules of SPEC §5, defined once for the server's route checks and the web's forms.
// Every validator returns null when the input passes, otherwise a RuleMessage translation key.
export * from './messages.js';
export * from './patterns.js';
export * from './schemas.js';
export * from './account.js';
export * from './password.js';
export * from './text.js';
export * from './hex.js';
export * from './upload.js';
export * from './schedule.js';
export * from './register.js';
export * from './logger.js';
