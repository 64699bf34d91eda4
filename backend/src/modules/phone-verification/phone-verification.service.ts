import { Injectable } from '@nestjs/common';
import { DomainError, TooManyRequestsError } from '../../common/domain-error';
import { invalidPhone, AccountPhonesService, normalizePhone, PhoneCountry } from '../accounts';
import type { AttendeeDto, UserDto } from '../accounts';
import type { AuthenticatedAccount } from '../identity';
import { Clock } from '../identity';
import { PhoneVerificationRepository, type SendCap } from './phone-verification.repository';
import { SmsVerifier } from './sms-verifier';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
/** Sends per phone number in PHONE_WINDOW_MS, and per requesting IP in IP_WINDOW_MS. */
export const SENDS_PER_PHONE = 3;
export const PHONE_WINDOW_MS = 10 * 60 * 1000;
export const SENDS_PER_IP = 10;
export const IP_WINDOW_MS = 60 * 60 * 1000;
/**
 * SMS pumping (sends to premium numbers billed to us) from many addresses: sends per account in
 * ACCOUNT_WINDOW_MS, and per number over a day whatever the account and the address.
 */
export const SENDS_PER_ACCOUNT = 5;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const SENDS_PER_PHONE_DAILY = 8;
export const DAY_MS = 24 * 60 * 60 * 1000;

const SEND_CAPS: SendCap[] = [
  { name: 'phone-cap', per: 'phone', max: SENDS_PER_PHONE, windowMs: PHONE_WINDOW_MS },
  { name: 'phone-daily-cap', per: 'phone', max: SENDS_PER_PHONE_DAILY, windowMs: DAY_MS },
  { name: 'account-cap', per: 'account', max: SENDS_PER_ACCOUNT, windowMs: ACCOUNT_WINDOW_MS },
  { name: 'ip-cap', per: 'ip', max: SENDS_PER_IP, windowMs: IP_WINDOW_MS },
];

const CAP_MESSAGES: Record<SendCap['name'], string> = {
  'phone-cap': 'Trop de codes envoyés à ce numéro. Veuillez réessayer dans quelques minutes.',
  'phone-daily-cap': 'Trop de codes envoyés à ce numéro aujourd’hui. Veuillez réessayer demain.',
  'account-cap': 'Trop de codes demandés pour ce compte. Veuillez réessayer plus tard.',
  'ip-cap': 'Trop de codes demandés. Veuillez réessayer plus tard.',
};

type VerifiableKind = 'user' | 'attendee';

/**
 * SMS verification of a professional's or an attendee's phone (FR, BE, CH). Whatever the provider,
 * this service enforces, from the phone_verifications table: a code lives 10 minutes, dies after
 * 5 wrong tries, and sends are capped (3 per number per 10 minutes and 8 a day, 5 per account per
 * hour, 10 per IP per hour: SEND_CAPS); a capped
 * send answers 429 with Retry-After set to when the cap frees up.
 */
@Injectable()
export class PhoneVerificationService {
  constructor(
    private readonly repository: PhoneVerificationRepository,
    private readonly accounts: AccountPhonesService,
    private readonly verifier: SmsVerifier,
    private readonly clock: Clock,
  ) {}

  async sendCode(
    actor: AuthenticatedAccount,
    kind: VerifiableKind,
    id: string,
    rawPhone: string,
    country: PhoneCountry | undefined,
    ip: string,
  ) {
    await this.accounts.assertCanVerifyPhone(actor, kind, id);
    const phone = normalizePhone(rawPhone, country);
    if (!phone) throw invalidPhone();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    // The send is recorded before the provider is called so that it counts against the caps at once.
    const row = await this.repository.reserveSend(
      {
        accountKind: kind,
        accountId: id,
        phone: phone.e164,
        phoneCountryCode: phone.country,
        requesterIp: ip,
        provider: this.verifier.provider,
        createdAt: now,
        expiresAt,
      },
      SEND_CAPS,
    );
    if ('refused' in row) {
      // Never more than the window (a send dated after `now` by a moved clock would say more).
      const cap = SEND_CAPS.find((candidate) => candidate.name === row.refused)!;
      const retryAfterSeconds = Math.min(cap.windowMs, row.retryAt.getTime() - now.getTime()) / 1000;
      throw new TooManyRequestsError('TOO_MANY_SMS', CAP_MESSAGES[row.refused], retryAfterSeconds);
    }
    try {
      const sent = await this.verifier.send(phone.e164);
      if (sent.codeHash) await this.repository.setCodeHash(row.id, sent.codeHash);
    } catch {
      await this.repository.delete(row.id);
      throw new DomainError('SMS_SEND_FAILED', "L'envoi du SMS a échoué. Veuillez réessayer plus tard.", 502);
    }
    return {
      message: 'Un code de vérification vous a été envoyé par SMS.',
      phone: phone.e164,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async verifyCode(
    actor: AuthenticatedAccount,
    kind: VerifiableKind,
    id: string,
    code: string,
  ): Promise<{ message: string; account: UserDto | AttendeeDto }> {
    await this.accounts.assertCanVerifyPhone(actor, kind, id);
    const now = this.clock.now();
    const pending = await this.repository.latestUnverified(kind, id);
    if (!pending || pending.expiresAt.getTime() <= now.getTime()) {
      throw new DomainError('SMS_CODE_EXPIRED', 'Ce code a expiré. Veuillez demander un nouveau code.', 400);
    }
    const tries = await this.repository.countTry(pending.id, MAX_WRONG_TRIES);
    if (tries === undefined) throw codeExhausted();
    let valid: boolean;
    try {
      valid = await this.verifier.check(pending.phone, code, { codeHash: pending.codeHash });
    } catch {
      throw new DomainError(
        'SMS_CHECK_FAILED',
        'La vérification du code a échoué. Veuillez réessayer plus tard.',
        502,
      );
    }
    if (!valid) {
      const left = MAX_WRONG_TRIES - tries;
      if (left <= 0) throw codeExhausted();
      throw new DomainError(
        'SMS_CODE_INVALID',
        `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
        400,
      );
    }
    await this.repository.markVerified(pending.id, now);
    const account = await this.accounts.markPhoneVerified(
      kind,
      id,
      pending.phone,
      pending.phoneCountryCode as PhoneCountry,
      now,
    );
    return { message: 'Votre numéro de téléphone est vérifié.', account };
  }
}

const codeExhausted = () =>
  new DomainError('SMS_CODE_EXHAUSTED', "Trop d'essais incorrects. Veuillez demander un nouveau code.", 400);
