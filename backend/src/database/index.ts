export * from './database.module';
export * from './database.types';
export * as schema from './schema';
