import { FreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';

export const FOLDER_STATUSES = ['open', 'archived', 'all'] as const;
export const PARTIES = ['user', 'attendee'] as const;
const NO_NUL = /^[^\0]*$/;

// ---- requests ----

export class FolderQueryDto {
  @ApiPropertyOptional({ description: 'Search in the title, the reference and the client’s name or email' })
  @IsOptional()
  @IsString({ message: 'La recherche doit être un texte' })
  @MaxLength(100, { message: 'La recherche fait 100 caractères au plus' })
  q?: string;

  @ApiPropertyOptional({ enum: FOLDER_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(FOLDER_STATUSES, { message: 'Le statut doit être open, archived ou all' })
  status?: (typeof FOLDER_STATUSES)[number];
}

export class CreateFolderDto {
  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'Le titre est obligatoire' })
  @MinLength(1, { message: 'Le titre est obligatoire' })
  @MaxLength(200, { message: 'Le titre fait 200 caractères au plus' })
  @Matches(NO_NUL, { message: 'Le titre est invalide' })
  @FreeTextName()
  title: string;

  @ApiProperty({ description: 'Email of a client who has (or had) an appointment with the professional' })
  @IsEmail({}, { message: 'Veuillez renseigner un email valide' })
  @MaxLength(254, { message: 'Veuillez renseigner un email valide' })
  attendee_email: string;

  @ApiPropertyOptional({ type: String, maxLength: 100, nullable: true })
  @IsOptional()
  @IsString({ message: 'La référence doit être un texte' })
  @MaxLength(100, { message: 'La référence fait 100 caractères au plus' })
  @Matches(NO_NUL, { message: 'La référence est invalide' })
  reference?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 5000,
    nullable: true,
    description: 'Seen only by the professional',
  })
  @IsOptional()
  @IsString({ message: 'Les notes doivent être un texte' })
  @MaxLength(5000, { message: 'Les notes font 5000 caractères au plus' })
  @Matches(NO_NUL, { message: 'Les notes sont invalides' })
  notes?: string | null;
}

export class UpdateFolderDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'Le titre est obligatoire' })
  @MinLength(1, { message: 'Le titre est obligatoire' })
  @MaxLength(200, { message: 'Le titre fait 200 caractères au plus' })
  @Matches(NO_NUL, { message: 'Le titre est invalide' })
  @FreeTextName()
  title?: string;

  @ApiPropertyOptional({ type: String, maxLength: 100, nullable: true })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'La référence doit être un texte' })
  @MaxLength(100, { message: 'La référence fait 100 caractères au plus' })
  @Matches(NO_NUL, { message: 'La référence est invalide' })
  reference?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: 5000, nullable: true })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'Les notes doivent être un texte' })
  @MaxLength(5000, { message: 'Les notes font 5000 caractères au plus' })
  @Matches(NO_NUL, { message: 'Les notes sont invalides' })
  notes?: string | null;

  @ApiPropertyOptional({ description: 'true archives the folder, false re-opens it' })
  @IsOptional()
  @IsBoolean({ message: 'archived doit être vrai ou faux' })
  archived?: boolean;
}

export class CreateMessageDto {
  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @IsString({ message: 'Le message est obligatoire' })
  @Matches(/\S/, { message: 'Le message est obligatoire' })
  @MaxLength(5000, { message: 'Le message fait 5000 caractères au plus' })
  @Matches(NO_NUL, { message: 'Le message est invalide' })
  body: string;
}

// ---- responses ----

export class FolderPersonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) first_name: string | null;
  @ApiProperty({ type: String, nullable: true }) last_name: string | null;
}

export class FolderClientDto extends FolderPersonDto {
  @ApiProperty() email: string;
}

export class FolderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) reference: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The professional’s notes; always null for the client',
  })
  notes: string | null;
  @ApiProperty() archived: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: FolderClientDto }) client: FolderClientDto;
  @ApiProperty({ type: FolderPersonDto }) professional: FolderPersonDto;
  @ApiProperty() documents_count: number;
  @ApiProperty({ description: 'Messages of the other side not read yet' }) unread_count: number;
}

export class FolderAppointmentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() refAppointment: string;
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) end: string;
  @ApiProperty({ enum: ['pending', 'confirmed', 'refused', 'cancelled'] }) status: string;
  @ApiProperty({ enum: ['in_person', 'visio', 'phone'] }) mode: string;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
}

export class FolderDocumentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Label kept from the uploader’s file name' }) label: string;
  @ApiProperty({ description: 'Name generated by the server (download name)' }) file_name: string;
  @ApiProperty() mime_type: string;
  @ApiProperty() size: number;
  @ApiProperty({ enum: PARTIES }) uploaded_by: (typeof PARTIES)[number];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class FolderMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: PARTIES }) author: (typeof PARTIES)[number];
  @ApiProperty() body: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) read_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class FolderDetailDto extends FolderDto {
  @ApiProperty({ type: [FolderAppointmentDto] }) appointments: FolderAppointmentDto[];
  @ApiProperty({ type: [FolderDocumentDto] }) documents: FolderDocumentDto[];
  @ApiProperty({ type: [FolderMessageDto] }) messages: FolderMessageDto[];
}

export class DownloadLinkDto {
  @ApiProperty({ description: 'Relative URL, valid 5 minutes, for this account only' }) url: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
}

export class ReadCountDto {
  @ApiProperty({ description: 'Messages marked as read' }) marked: number;
}

export class FolderRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
}

export class ClientHistoryDto {
  @ApiProperty({ type: FolderClientDto }) client: FolderClientDto;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({
    type: [FolderAppointmentDto],
    description: 'Every appointment of this client with the professional',
  })
  appointments: FolderAppointmentDto[];
  @ApiProperty({ type: FolderRefDto, nullable: true, description: 'The client’s open folder, if any' })
  folder: FolderRefDto | null;
}
