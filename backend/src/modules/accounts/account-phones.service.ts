import { Injectable } from '@nestjs/common';
import type { AuthenticatedAccount } from '../identity';
import { assertManagesAttendee, assertManagesUser } from './account-access';
import { isUuid } from '@rdv/sectors';
import { accountNotExist } from './account-errors';
import { loadUserView, toAttendeeView } from './account-views';
import type { AttendeeDto, UserDto } from './accounts.dto';
import { AccountsRepository, type AttendeeRow, type UserRow } from './accounts.repository';
import type { PhoneCountry } from './phone-numbers';

/** The account side of phone verification by SMS code (the phone-verification module sends and checks the codes). */
@Injectable()
export class AccountPhonesService {
  constructor(private readonly repository: AccountsRepository) {}

  /** The account whose phone is being verified, checking that `actor` may manage it. */
  async assertCanVerifyPhone(
    actor: AuthenticatedAccount,
    kind: 'user' | 'attendee',
    id: string,
  ): Promise<UserRow | AttendeeRow> {
    if (kind === 'user') assertManagesUser(actor, id);
    else assertManagesAttendee(actor, id);
    const row = !isUuid(id)
      ? undefined
      : kind === 'user'
        ? await this.repository.findUserById(id)
        : await this.repository.findAttendeeById(id);
    if (!row) throw accountNotExist();
    return row;
  }

  /** Stores a phone number proven by an SMS code (E.164) and its verification date. */
  async markPhoneVerified(
    kind: 'user' | 'attendee',
    id: string,
    phone: string,
    country: PhoneCountry,
    at: Date,
  ): Promise<UserDto | AttendeeDto> {
    if (kind === 'user') {
      const row = await this.repository.updateUser(id, { telephone: phone, phoneVerifiedAt: at });
      if (!row) throw accountNotExist();
      return loadUserView(this.repository, row);
    }
    const row = await this.repository.updateAttendee(id, {
      phone,
      phoneCountryCode: country,
      phoneVerifiedAt: at,
    });
    if (!row) throw accountNotExist();
    return toAttendeeView(row);
  }
}
