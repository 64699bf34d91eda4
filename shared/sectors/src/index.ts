export * from './sectors.js';
export * from './messages.js';
export * from './page-title.js';
export * from './domain.js';
export * from './bank-details.js';
export * from './specialities.js';
export * from './office-words.js';
export * from './text.js';
