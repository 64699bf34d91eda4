export * from './geo';
export * from './directory';
export * from './accounts';
export * from './reviews';
export * from './site-config';
export * from './jobs';
export * from './auth';
export * from './availability';
