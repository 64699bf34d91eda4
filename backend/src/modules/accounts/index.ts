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
export { AccountCredentialsService, AccountView } from './account-credentials.service';
export { AccountEmailChangeService, EmailChangeKind } from './account-email-change.service';
export { AccountPhonesService } from './account-phones.service';
export { AdminClientsService } from './admin-clients.service';
export { ProfessionalsService } from './professionals.service';
export { PHONE_COUNTRIES, PhoneCountry, normalizePhone } from './phone-numbers';
export { AdminClientDto, UpdateAdminClientDto } from './admin-clients.dto';
