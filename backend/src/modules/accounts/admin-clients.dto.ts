import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** A client (attendee) as the console shows it. */
export class AdminClientDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) civility: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) birthdate: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** PUT /admin/clients/{id}: deactivate (no sign-in, sessions ended) or reactivate. */
export class UpdateAdminClientDto {
  @ApiProperty()
  @IsBoolean({ message: 'Le statut actif doit être vrai ou faux' })
  isActive: boolean;
}
