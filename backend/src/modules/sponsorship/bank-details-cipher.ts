import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common';
import { SecretCipher } from '../../common/secret-cipher';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';

/**
 * Seals a sponsor's IBAN, BIC and holder, bound to their account id. Same key ring as the calendar
 * credentials (CALENDAR_ENCRYPTION_KEYS): one set of keys to hold and rotate for every secret at rest.
 */
@Injectable()
export class BankDetailsCipher extends SecretCipher {
  constructor(@Inject(ENV) env: Pick<Env, 'CALENDAR_ENCRYPTION_KEYS' | 'CALENDAR_ENCRYPTION_KEY_ID'>) {
    super(
      env.CALENDAR_ENCRYPTION_KEYS,
      env.CALENDAR_ENCRYPTION_KEY_ID,
      () =>
        new DomainError(
          'BANK_DETAILS_UNAVAILABLE',
          'L’enregistrement des coordonnées bancaires n’est pas configuré sur ce serveur.',
          503,
        ),
    );
  }
}
