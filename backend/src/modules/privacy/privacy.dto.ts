import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class DeleteAccountDto {
  @ApiProperty({ description: 'The account’s password, to confirm' })
  @IsString({ message: 'Le mot de passe est obligatoire' })
  @MaxLength(200, { message: 'Mot de passe incorrect' })
  password: string;
}

export class AttendeeDataExportDto {
  @ApiProperty({ format: 'date-time' }) exported_at: string;

  @ApiProperty({
    description: 'Rows by table name (attendees, appointments, client_folders, folder_messages, ...)',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
  })
  tables: Record<string, Record<string, unknown>[]>;
}

export class PrivacyMessageDto {
  @ApiProperty() message: string;
}
