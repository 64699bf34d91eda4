// Public surface of the accounts module: other modules import from '../accounts' only (eslint enforces it).
// Professionals, attendees and admins: their records, views and phone numbers.
export { accountNotExist, invalidPhone, passwordMismatch } from './account-errors';
export {
  AdminDto,
  AdminTokenDto,
  AttendeeDto,
  AttendeeTokenDto,
  EMAIL_MESSAGE,
  MessageDto,
  PASSWORD_MAX_LENGTH,
  UserDto,
  UserTokenDto,
} from './accounts.dto';
export { AccountsModule, AccountsWorkerModule } from './accounts.module';
export { AccountView, AccountsService } from './accounts.service';
export { PHONE_COUNTRIES, PhoneCountry, normalizePhone } from './phone-numbers';
export { AdminClientDto, UpdateAdminClientDto } from './admin-clients.dto';
