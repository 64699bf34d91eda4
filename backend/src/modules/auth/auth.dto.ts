import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { PASSWORD_MIN_LENGTH } from '@rdv/sectors';
import { EMAIL_MESSAGE, PASSWORD_MAX_LENGTH } from '../accounts';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /login (professional): `username` may also be the email. */
export class UserLoginDto {
  @ApiProperty({ example: 'camille.durand', description: 'Username or email' })
  @MaxLength(254, { message: "L'identifiant ne peut pas dépasser 254 caractères" })
  @IsNotEmpty({ message: "L'identifiant est obligatoire" })
  @IsString({ message: "L'identifiant est obligatoire" })
  username: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsNotEmpty({ message: 'Le mot de passe est obligatoire' })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  password: string;
}

/** POST /auth/admin/login and /auth/attendee/login */
export class EmailLoginDto {
  @ApiProperty({ example: 'alex.martin@example.fr' })
  @Transform(normalizeEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsNotEmpty({ message: 'Le mot de passe est obligatoire' })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  password: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'alex.martin@example.fr' })
  @Transform(normalizeEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;
}

/** A new password and its confirmation (reset by mail link, change by the signed-in account). */
export class NewPasswordDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  })
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  password: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsString({ message: 'La confirmation du mot de passe est obligatoire' })
  password_confirmation: string;
}

export class ResetPasswordDto extends NewPasswordDto {
  @ApiProperty({ description: 'The token of the link received by mail' })
  @MaxLength(200, { message: 'Le lien de réinitialisation est invalide' })
  @IsNotEmpty({ message: 'Le lien de réinitialisation est invalide' })
  @IsString({ message: 'Le lien de réinitialisation est invalide' })
  token: string;
}

/** POST /auth/user/change-password: the session goes on with this new token (the older ones are revoked). */
export class PasswordChangedDto {
  @ApiProperty() message: string;
  @ApiProperty({ description: 'The new access token of this session' }) token: string;
}

export class ChangePasswordDto extends NewPasswordDto {
  @ApiProperty({ description: 'The current password' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Mot de passe actuel incorrect' })
  @IsString({ message: 'Le mot de passe actuel est obligatoire' })
  current_password: string;
}

/** POST /auth/user/change-email: the new address gets a confirmation link; the password proves it is the owner. */
export class ChangeEmailDto {
  @ApiProperty({ example: 'camille.durand@cabinet-durand.fr' })
  @Transform(normalizeEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({ description: 'The current password' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Mot de passe actuel incorrect' })
  @IsNotEmpty({ message: 'Le mot de passe actuel est obligatoire' })
  @IsString({ message: 'Le mot de passe actuel est obligatoire' })
  current_password: string;
}

/** POST /auth/user/confirm-email: the token of the link mailed to the new address. */
export class ConfirmEmailDto {
  @ApiProperty({ description: 'The token of the link received at the new address' })
  @MaxLength(200, { message: 'Ce lien de confirmation est invalide' })
  @IsNotEmpty({ message: 'Ce lien de confirmation est invalide' })
  @IsString({ message: 'Ce lien de confirmation est invalide' })
  token: string;
}

export class EmailChangedDto {
  @ApiProperty() message: string;
  @ApiProperty({ description: 'The address the account now signs in with' }) email: string;
}
