import { DomainError } from '../../common/domain-error';
import { CalendarAuthError } from './calendar-provider.port';

/** What a connection shows once the provider refused our credentials. */
export const REAUTH_MESSAGE = 'Le compte a refusé nos identifiants : reconnectez-le.';

/**
 * A calendar server address (CalDAV, Exchange) refused by the outbound-address policy: the typed one, a
 * redirect target or an href the server pointed at. No request is sent there.
 */
export class ServerAddressForbiddenError extends DomainError {
  constructor(
    detail: string,
    /** The stored connection found refused before a sync or a write, to mark it in error. */
    readonly connectionId?: string,
    /** The kind of server, as the lawyer knows it (CalDAV, Exchange). */
    serverKind = 'CalDAV',
  ) {
    super('CALDAV_ADDRESS_FORBIDDEN', `L’adresse du serveur ${serverKind} est refusée : ${detail}`, 400);
  }
}

/** A CalDAV connection attempt that failed, in the lawyer's words: wrong login, or not a CalDAV server. */
export function explainCalDavFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof CalendarAuthError) {
    return new DomainError(
      'CALENDAR_CREDENTIALS_REFUSED',
      "Le serveur de calendrier a refusé l'identifiant ou le mot de passe. Pour iCloud, utilisez un mot de passe pour application.",
      400,
    );
  }
  return new DomainError(
    'CALENDAR_SERVER_UNREACHABLE',
    "Le serveur de calendrier ne répond pas comme un serveur CalDAV : vérifiez l'adresse.",
    400,
  );
}

/** An Exchange (EWS) connection attempt that failed, in the lawyer's words. */
export function explainExchangeFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof CalendarAuthError) {
    return new DomainError(
      'CALENDAR_CREDENTIALS_REFUSED',
      "Le serveur Exchange a refusé l'identifiant ou le mot de passe (identifiant sous la forme DOMAINE\\utilisateur ou adresse de connexion).",
      400,
    );
  }
  return new DomainError(
    'CALENDAR_SERVER_UNREACHABLE',
    "Le serveur Exchange ne répond pas comme un service EWS : vérifiez l'adresse (https://…/EWS/Exchange.asmx).",
    400,
  );
}
