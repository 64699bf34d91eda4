export * from './env.schema';
export * from './config.module';
