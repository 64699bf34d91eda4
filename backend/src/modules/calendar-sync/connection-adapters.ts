import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HostResolver, OUTBOUND_REFUSAL_DETAILS, checkOutboundAddress } from '../../common/outbound-address';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import {
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarProviderPort,
} from './calendar-provider.port';
import { CalendarProviders } from './calendar-providers';
import { ServerAddressForbiddenError } from './calendar-sync.errors';
import { CalendarConnectionsRepository, type ConnectionRow } from './calendar-connections.repository';
import { CredentialCipher } from './credential-cipher';
import { connectionTokenKeeper, RedisLock, type OAuthTokens, type TokenKeeper } from './oauth-tokens';

/**
 * The adapter of a stored connection: its sealed credentials opened, its token refreshes saved sealed under
 * the connection's lock, and its server address (CalDAV, Exchange) checked again by the outbound-address
 * policy before any request. Provider specifics stay in CalendarProviders and the adapters.
 */
@Injectable()
export class ConnectionAdapters {
  private readonly tokenLock: RedisLock;

  constructor(
    private readonly repository: CalendarConnectionsRepository,
    private readonly cipher: CredentialCipher,
    private readonly providers: CalendarProviders,
    @Inject(ENV) private readonly env: Env,
    private readonly resolver: HostResolver,
    @InjectRedis() redis: Redis,
  ) {
    this.tokenLock = new RedisLock(redis);
  }

  /**
   * The adapter of a stored connection, once its server address passed the outbound-address policy
   * again: a name may resolve elsewhere since it was connected (DNS rebinding).
   */
  async adapterOf(connection: ConnectionRow): Promise<CalendarProviderPort> {
    if (connection.serverUrl)
      await this.assertServerAllowed(
        connection.serverUrl,
        connection.id,
        connection.provider === 'exchange' ? 'Exchange' : 'CalDAV',
      );
    const credentials = this.cipher.open<CalendarCredentials>(
      { ciphertext: connection.credentialsCiphertext, keyId: connection.credentialsKeyId },
      connection.id,
    );
    return this.providers.adapterFor({
      provider: connection.provider,
      serverUrl: connection.serverUrl,
      credentials,
      tokenKeeper: credentials.kind === 'oauth' ? this.tokenKeeperOf(connection.id) : undefined,
      msalCache: credentials.kind === 'msal' ? this.msalCacheOf(connection.id, credentials) : undefined,
    });
  }

  /** Outbound-address guard: https to public addresses only, unless CALDAV_ALLOW_PRIVATE. */
  async assertServerAllowed(serverUrl: string, connectionId?: string, serverKind = 'CalDAV'): Promise<void> {
    await checkOutboundAddress(
      serverUrl,
      {
        allowPrivate: this.env.CALDAV_ALLOW_PRIVATE,
        // The CalDAV account name and password are typed apart; in the URL they would be stored in clear.
        refuseUrlCredentials: true,
        refuse: (reason) =>
          new ServerAddressForbiddenError(OUTBOUND_REFUSAL_DETAILS[reason], connectionId, serverKind),
      },
      this.resolver,
    );
  }

  /**
   * A Microsoft connection's MSAL cache: re-read from its row before every MSAL access, sealed and saved after
   * every change (a refresh may rotate the refresh token), token acquisitions under the connection's lock.
   */
  private msalCacheOf(
    connectionId: string,
    stored: Extract<CalendarCredentials, { kind: 'msal' }>,
  ): NonNullable<Parameters<CalendarProviders['adapterFor']>[0]['msalCache']> {
    return {
      load: async () => {
        const row = await this.repository.findConnection(connectionId);
        if (!row) throw new CalendarAuthError('connection removed');
        const credentials = this.cipher.open<CalendarCredentials>(
          { ciphertext: row.credentialsCiphertext, keyId: row.credentialsKeyId },
          connectionId,
        );
        return credentials.kind === 'msal' ? credentials.cache : null;
      },
      save: async (cache) => {
        const sealed = this.cipher.seal({ ...stored, cache }, connectionId);
        await this.repository.saveCredentials(connectionId, {
          credentialsCiphertext: sealed.ciphertext,
          credentialsKeyId: sealed.keyId,
        });
      },
      locked: (work) => this.tokenLock.with(`calendar-sync:token-lock:${connectionId}`, work),
    };
  }

  /** Refreshes under the connection's Redis lock; every refreshed (possibly rotated) token is sealed and saved. */
  private tokenKeeperOf(connectionId: string): TokenKeeper {
    return connectionTokenKeeper(this.tokenLock, connectionId, {
      load: async () => {
        const row = await this.repository.findConnection(connectionId);
        if (!row) throw new CalendarAuthError('connection removed');
        return this.cipher.open<OAuthTokens>(
          { ciphertext: row.credentialsCiphertext, keyId: row.credentialsKeyId },
          connectionId,
        );
      },
      save: async (tokens) => {
        const sealed = this.cipher.seal(tokens, connectionId);
        await this.repository.saveCredentials(connectionId, {
          credentialsCiphertext: sealed.ciphertext,
          credentialsKeyId: sealed.keyId,
        });
      },
    });
  }
}
