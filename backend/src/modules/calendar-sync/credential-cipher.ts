import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common';
import { SecretCipher } from '../../common/secret-cipher';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';

/** Seals connected accounts' credentials (see SecretCipher), bound to their connection row. */
@Injectable()
export class CredentialCipher extends SecretCipher {
  constructor(@Inject(ENV) env: Pick<Env, 'CALENDAR_ENCRYPTION_KEYS' | 'CALENDAR_ENCRYPTION_KEY_ID'>) {
    super(
      env.CALENDAR_ENCRYPTION_KEYS,
      env.CALENDAR_ENCRYPTION_KEY_ID,
      () => new CalendarEncryptionUnavailableError(),
    );
  }
}

export class CalendarEncryptionUnavailableError extends DomainError {
  constructor() {
    super(
      'CALENDAR_SYNC_UNAVAILABLE',
      "La synchronisation des calendriers n'est pas configurée sur ce serveur.",
      503,
    );
  }
}
