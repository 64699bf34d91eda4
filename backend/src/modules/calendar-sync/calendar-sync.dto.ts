import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  ValidateIf,
} from 'class-validator';
import { CALENDAR_PROVIDERS, CONNECTION_STATUSES } from '../../database/schema';

// French validation messages: the global ValidationPipe answers 400 { code: 'VALIDATION_FAILED', message }.

export class ExternalCalendarDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Agenda du cabinet' }) displayName: string;
  @ApiProperty({ type: String, nullable: true, example: '#1e88e5' }) color: string | null;
  @ApiProperty({ description: 'Its events remove slots from online booking' }) useForBusy: boolean;
  @ApiProperty({ description: 'Validated appointments are written into it (one per professional)' })
  isWriteTarget: boolean;
  @ApiProperty({ description: 'All-day events block the whole day' }) allDayBlocks: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastSyncedAt: string | null;
}

export class CalendarConnectionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: CALENDAR_PROVIDERS }) provider: (typeof CALENDAR_PROVIDERS)[number];
  @ApiProperty({ example: 'maitre.dupont@icloud.com' }) accountLabel: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://caldav.icloud.com' }) serverUrl:
    string | null;
  @ApiProperty({ enum: CONNECTION_STATUSES }) status: (typeof CONNECTION_STATUSES)[number];
  @ApiProperty({ type: String, nullable: true, description: 'Last failure, in French' }) lastError:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastErrorAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last complete sync' })
  lastOkAt: string | null;
  @ApiProperty({ description: 'Online booking pauses while a busy calendar of this account is broken' })
  pauseBookingWhenBroken: boolean;
  @ApiProperty({ type: [ExternalCalendarDto] }) calendars: ExternalCalendarDto[];
}

export class ConnectCalDavDto {
  @ApiProperty({ enum: ['caldav', 'apple'], description: 'apple = iCloud (https://caldav.icloud.com)' })
  @IsIn(['caldav', 'apple'], { message: 'Le fournisseur doit être caldav ou apple' })
  provider: 'caldav' | 'apple';

  @ApiPropertyOptional({ example: 'https://caldav.example.fr/', description: 'Required for caldav' })
  @ValidateIf((dto: ConnectCalDavDto) => dto.provider === 'caldav' || dto.serverUrl !== undefined)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: "L'adresse du serveur CalDAV doit être une URL http(s)" },
  )
  serverUrl?: string;

  @ApiProperty({ example: 'maitre.dupont@icloud.com' })
  @Length(1, 200, { message: "L'identifiant doit faire entre 1 et 200 caractères" })
  @IsString({ message: "L'identifiant est obligatoire" })
  username: string;

  @ApiProperty({ description: 'For iCloud, an app-specific password (appleid.apple.com)' })
  @Length(1, 200, { message: 'Le mot de passe doit faire entre 1 et 200 caractères' })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  password: string;
}

export class ConnectExchangeDto {
  @ApiProperty({
    example: 'https://mail.cabinet.fr/EWS/Exchange.asmx',
    description: 'The EWS endpoint (the server address alone gets /EWS/Exchange.asmx); https in production',
  })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: "L'adresse du serveur Exchange doit être une URL https://…" },
  )
  @Length(1, 500, { message: "L'adresse du serveur Exchange doit faire au plus 500 caractères" })
  @IsString({ message: "L'adresse du serveur Exchange est obligatoire" })
  serverUrl: string;

  @ApiProperty({
    example: 'CABINET\\camille.martin',
    description: 'DOMAIN\\user or the sign-in address (UPN)',
  })
  @Length(1, 200, { message: "L'identifiant doit faire entre 1 et 200 caractères" })
  @IsString({ message: "L'identifiant est obligatoire" })
  username: string;

  @ApiProperty()
  @Length(1, 200, { message: 'Le mot de passe doit faire entre 1 et 200 caractères' })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  password: string;

  @ApiPropertyOptional({
    enum: ['ntlm', 'basic'],
    description: 'Absent: NTLM is tried first (the default of an Exchange EWS directory), then Basic',
  })
  @IsOptional()
  @IsIn(['ntlm', 'basic'], { message: "L'authentification doit être ntlm ou basic" })
  authMethod?: 'ntlm' | 'basic';
}

export class UpdateExternalCalendarDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'useForBusy doit être vrai ou faux' })
  useForBusy?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isWriteTarget doit être vrai ou faux' })
  isWriteTarget?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'allDayBlocks doit être vrai ou faux' })
  allDayBlocks?: boolean;
}

export class UpdateCalendarConnectionDto {
  @ApiProperty()
  @IsBoolean({ message: 'pauseBookingWhenBroken doit être vrai ou faux' })
  pauseBookingWhenBroken: boolean;
}

export const OAUTH_PROVIDER_SLUG_VALUES = ['google', 'outlook', 'office365'] as const;

export class OAuthProviderParamDto {
  @ApiProperty({ enum: OAUTH_PROVIDER_SLUG_VALUES })
  @IsIn(OAUTH_PROVIDER_SLUG_VALUES, {
    message: 'Fournisseur de calendrier inconnu (google, outlook, office365).',
  })
  provider: (typeof OAUTH_PROVIDER_SLUG_VALUES)[number];

  @ApiProperty({ format: 'uuid' })
  @IsString()
  id: string;
}

export class OAuthProvidersDto {
  @ApiProperty({
    enum: OAUTH_PROVIDER_SLUG_VALUES,
    isArray: true,
    description: 'The OAuth providers this server offers (the others are hidden)',
  })
  providers: (typeof OAUTH_PROVIDER_SLUG_VALUES)[number][];
}

export class OAuthStartDto {
  @ApiProperty({ description: "The provider's consent page: send the browser there" })
  authorizationUrl: string;
}

export class OAuthCallbackQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Le code est invalide.' })
  @Length(1, 4096, { message: 'Le code est invalide.' })
  code?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: "L'état est invalide." })
  @Length(1, 4096, { message: "L'état est invalide." })
  state?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: "L'erreur est invalide." })
  @Length(1, 200, { message: "L'erreur est invalide." })
  error?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  error_description?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  scope?: string;
}

/** What Microsoft Graph posts to our receiver: the changes (each with the clientState we gave). */
export class GraphNotificationsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'subscriptionId, clientState, changeType, resource, …',
  })
  @IsArray({ message: 'value doit être une liste de notifications' })
  @IsObject({ each: true, message: 'Chaque notification doit être un objet' })
  value: Record<string, unknown>[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  validationTokens?: string[];
}
