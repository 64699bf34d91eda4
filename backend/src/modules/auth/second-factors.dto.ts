import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from '../accounts';

/** Answer of a sign-in whose password was right for an account with a second factor: no session yet. */
export class SecondFactorPendingDto {
  @ApiProperty({ enum: [true] })
  secondFactorRequired: true;
  @ApiProperty({ description: 'Short-lived (5 min) proof that the password was right; not a session' })
  pendingToken: string;
  @ApiProperty({ enum: ['totp', 'passkey', 'recovery'], isArray: true })
  methods: Array<'totp' | 'passkey' | 'recovery'>;
}

export class SecondFactorCodeDto {
  @ApiProperty()
  @MaxLength(2048, { message: 'La connexion a expiré : saisissez à nouveau votre mot de passe.' })
  @IsNotEmpty({ message: 'La connexion a expiré : saisissez à nouveau votre mot de passe.' })
  @IsString({ message: 'La connexion a expiré : saisissez à nouveau votre mot de passe.' })
  pendingToken: string;

  @ApiProperty({ description: 'The 6 digits of the authenticator app, or a recovery code' })
  @MaxLength(32, { message: 'Code invalide' })
  @IsNotEmpty({ message: 'Saisissez le code' })
  @IsString({ message: 'Saisissez le code' })
  code: string;
}

export class PasskeyOptionsRequestDto {
  @ApiPropertyOptional({
    description: 'Second step of a password sign-in; absent: sign-in with a passkey alone',
  })
  @IsOptional()
  @MaxLength(2048, { message: 'La connexion a expiré : saisissez à nouveau votre mot de passe.' })
  @IsString({ message: 'La connexion a expiré : saisissez à nouveau votre mot de passe.' })
  pendingToken?: string;
}

export class PasskeyOptionsDto {
  @ApiProperty({ description: 'WebAuthn options for navigator.credentials (JSON form)', type: Object })
  options: Record<string, unknown>;
  @ApiProperty({ description: 'Signed challenge to send back with the answer (5 min, single use)' })
  ticket: string;
}

export class PasskeyAnswerDto {
  @ApiProperty()
  @MaxLength(4096, { message: 'Demande expirée : recommencez.' })
  @IsNotEmpty({ message: 'Demande expirée : recommencez.' })
  @IsString({ message: 'Demande expirée : recommencez.' })
  ticket: string;

  @ApiProperty({
    description: 'The authenticator answer (JSON form, as @simplewebauthn/browser gives it)',
    type: Object,
  })
  @IsObject({ message: 'Réponse de la clé d’accès invalide' })
  response: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Name of the passkey (enrolment only)' })
  @IsOptional()
  @MaxLength(60, { message: 'Le nom ne peut pas dépasser 60 caractères' })
  @IsString({ message: 'Nom invalide' })
  label?: string;
}

export class SecondFactorDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: ['totp', 'passkey'] })
  type: 'totp' | 'passkey';
  @ApiProperty()
  label: string;
  @ApiProperty()
  createdAt: string;
  @ApiProperty({ nullable: true, type: String })
  lastUsedAt: string | null;
}

export class SecondFactorsDto {
  @ApiProperty({ type: [SecondFactorDto] })
  factors: SecondFactorDto[];
  @ApiProperty({ description: 'Unused recovery codes left' })
  recoveryCodesLeft: number;
  @ApiProperty({ description: 'Whether the site requires a second factor of this account (administrators)' })
  required: boolean;
  @ApiProperty({ description: 'Whether the current session was opened with a second factor' })
  sessionHasSecondFactor: boolean;
}

export class TotpEnrolmentDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ description: 'Base32 secret, to type into the app when the QR code cannot be scanned' })
  secret: string;
  @ApiProperty({ description: 'otpauth:// URI (QR code content)' })
  otpauthUrl: string;
}

export class ConfirmTotpDto {
  @ApiProperty()
  @MaxLength(12, { message: 'Code invalide' })
  @IsNotEmpty({ message: 'Saisissez le code affiché par l’application' })
  @IsString({ message: 'Saisissez le code affiché par l’application' })
  code: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(60, { message: 'Le nom ne peut pas dépasser 60 caractères' })
  @IsString({ message: 'Nom invalide' })
  label?: string;
}

export class FactorEnrolledDto {
  @ApiProperty({ type: SecondFactorDto })
  factor: SecondFactorDto;
  @ApiPropertyOptional({
    type: [String],
    description: 'Shown once, with the first factor: single-use recovery codes',
  })
  recoveryCodes?: string[];
  @ApiProperty({ description: 'A new session token, opened with this second factor' })
  token: string;
}

export class CurrentPasswordDto {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Mot de passe actuel incorrect' })
  @IsNotEmpty({ message: 'Saisissez votre mot de passe actuel' })
  @IsString({ message: 'Saisissez votre mot de passe actuel' })
  current_password: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String] })
  recoveryCodes: string[];
}

export class SecondFactorPolicyDto {
  @ApiProperty({ description: 'Administrators must sign in with a second factor to use the console' })
  adminSecondFactorRequired: boolean;
}

export class UpdateSecondFactorPolicyDto {
  @ApiProperty()
  @IsBoolean({ message: 'adminSecondFactorRequired doit valoir true ou false' })
  adminSecondFactorRequired: boolean;
}
