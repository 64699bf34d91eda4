import { Global, Module } from '@nestjs/common';
import { AuthRateLimiter } from './auth-rate-limiter';
import { Clock } from './clock';
import { LinkTokens } from './link-tokens.service';
import { LinkTokensRepository } from './link-tokens.repository';
import { Sessions } from './sessions.service';

/**
 * Who is asking and may they: access tokens, guards, sessions and their revocation, mailed link tokens, password
 * hashing, sign-in throttling, the clock. The lowest layer of the account modules: accounts and auth both build on it
 * and it depends on neither. Global and imported once by AppModule and WorkerModule, so the throttling state
 * (in Redis) and the clock are single providers.
 */
@Global()
@Module({
  providers: [AuthRateLimiter, Clock, LinkTokens, LinkTokensRepository, Sessions],
  exports: [AuthRateLimiter, Clock, LinkTokens, Sessions],
})
export class IdentityModule {}
