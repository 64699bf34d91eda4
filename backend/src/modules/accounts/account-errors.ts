import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../../common/domain-error';
import { isUniqueViolation } from './accounts.repository';
import { INVALID_PHONE_MESSAGE } from './phone-numbers';

/** Errors whose message is a contract text of docs/product.md §8 (verbatim English; the UIs show French). */
export const accountNotExist = () => new NotFoundError('ACCOUNT_NOT_EXIST', 'Account not exist');
export const emailAlreadyExists = () => new ConflictError('EMAIL_ALREADY_EXISTS', 'Email already exists');
export const passwordMismatch = () => new DomainError('PASSWORD_MISMATCH', 'Password are not the same', 400);

export const invalidPhone = () => new DomainError('INVALID_PHONE', INVALID_PHONE_MESSAGE, 400);
export const forbidden = () => new ForbiddenError('FORBIDDEN', "Vous n'avez pas accès à ce compte");

export const usernameTaken = () =>
  new ConflictError('USERNAME_ALREADY_EXISTS', "Ce nom d'utilisateur est déjà utilisé");
export const registrationNotFound = () =>
  new NotFoundError('REGISTRATION_NOT_FOUND', 'Aucune inscription en attente pour ce compte');

function isForeignKeyViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | undefined)?.cause].some(
    (candidate) => (candidate as { code?: string } | undefined)?.code === '23503',
  );
}

/** The answer for a failed write of a professional's row: the unique and foreign keys a client can hit. */
export function mapUserWriteError(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_unique')) return emailAlreadyExists();
  if (isUniqueViolation(error, 'users_username_unique')) return usernameTaken();
  if (isUniqueViolation(error)) return new ConflictError('CONFLICT', 'Ce compte existe déjà');
  if (isForeignKeyViolation(error))
    return new DomainError('TEAM_NOT_FOUND', "L'étude indiquée n'existe pas", 400);
  return error;
}
