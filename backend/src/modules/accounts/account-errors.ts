import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../../common/domain-error';
import { INVALID_PHONE_MESSAGE } from './phone-numbers';

/** Errors whose message is a contract text of docs/product.md §8 (verbatim English; the UIs show French). */
export const accountNotExist = () => new NotFoundError('ACCOUNT_NOT_EXIST', 'Account not exist');
export const emailAlreadyExists = () => new ConflictError('EMAIL_ALREADY_EXISTS', 'Email already exists');
export const passwordMismatch = () => new DomainError('PASSWORD_MISMATCH', 'Password are not the same', 400);

export const invalidPhone = () => new DomainError('INVALID_PHONE', INVALID_PHONE_MESSAGE, 400);
export const forbidden = () => new ForbiddenError('FORBIDDEN', "Vous n'avez pas accès à ce compte");
