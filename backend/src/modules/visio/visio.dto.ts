import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { VISIO_PROVIDERS, type VisioProvider } from '../../database/schema';

// French validation messages: the global ValidationPipe answers 400 { code: 'VALIDATION_FAILED', message }.

export class VisioAvailabilityDto {
  @ApiProperty() google_meet: boolean;
  @ApiProperty() teams: boolean;
  @ApiProperty() jitsi: boolean;
  @ApiProperty() own_link: boolean;
}

export class VisioSettingsDto {
  @ApiProperty({ enum: VISIO_PROVIDERS, nullable: true, description: 'The choice; null = automatic' })
  provider: VisioProvider | null;
  @ApiProperty({ type: String, nullable: true, example: 'https://visio.cabinet-martin.fr/salle' })
  ownLinkUrl: string | null;
  @ApiProperty({
    enum: VISIO_PROVIDERS,
    nullable: true,
    description: 'The provider video appointments get now (null: video bookings refused)',
  })
  effectiveProvider: VisioProvider | null;
  @ApiProperty({ type: VisioAvailabilityDto, description: 'Which providers can be chosen now' })
  available: VisioAvailabilityDto;
  @ApiProperty({ type: String, nullable: true, description: "The site's Jitsi server, when it has one" })
  jitsiBaseUrl: string | null;
  @ApiProperty({ description: 'Whether clients can book a video appointment' }) acceptsVisio: boolean;
}

export class UpdateVisioSettingsDto {
  @ApiPropertyOptional({ enum: VISIO_PROVIDERS, nullable: true, description: 'null = automatic' })
  @IsOptional()
  @IsIn(VISIO_PROVIDERS, { message: 'Le fournisseur doit être google_meet, teams, jitsi ou own_link' })
  provider?: VisioProvider | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://visio.cabinet-martin.fr/salle' })
  @ValidateIf((dto: UpdateVisioSettingsDto) => dto.ownLinkUrl !== null && dto.ownLinkUrl !== undefined)
  @MaxLength(500, { message: 'Le lien de visioconférence ne doit pas dépasser 500 caractères' })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: true },
    { message: 'Le lien de visioconférence doit être une adresse https:// valide' },
  )
  ownLinkUrl?: string | null;
}
