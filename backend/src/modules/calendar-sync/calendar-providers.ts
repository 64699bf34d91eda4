import { Injectable } from '@nestjs/common';
import type { CalendarCredentials, CalendarProviderPort, ProviderAccount } from './calendar-provider.port';
import { CalDavAdapter, ICLOUD_CALDAV_URL } from './caldav.adapter';

/** Builds the adapter of an account. Tests override this provider to reach loopback fakes. */
@Injectable()
export class CalendarProviders {
  adapterFor(account: ProviderAccount): CalendarProviderPort {
    switch (account.provider) {
      case 'caldav':
      case 'apple':
        return new CalDavAdapter(account.serverUrl ?? ICLOUD_CALDAV_URL, passwordOf(account.credentials));
      default:
        throw new Error(`no calendar adapter for ${account.provider} yet`);
    }
  }
}

function passwordOf(credentials: CalendarCredentials): { username: string; password: string } {
  if (credentials.kind !== 'password') throw new Error('CalDAV needs a user name and a password');
  return { username: credentials.username, password: credentials.password };
}
