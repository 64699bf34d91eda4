export * from './domain-error';
export * from './http-exception.filter';
export * from './request-id';
export * from './validation';
export * from './timeout';
