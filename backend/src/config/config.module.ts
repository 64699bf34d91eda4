import { Global, Module } from '@nestjs/common';
import { loadEnv } from './env.schema';

/** Injection token of the validated environment (`Env`). Tests override it with `overrideProvider(ENV)`. */
export const ENV = 'APP_ENV';

@Global()
@Module({
  providers: [{ provide: ENV, useFactory: () => loadEnv() }],
  exports: [ENV],
})
export class ConfigModule {}
