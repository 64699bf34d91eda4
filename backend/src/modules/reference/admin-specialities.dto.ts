import { FreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

export class AdminSpecialityDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty() position: number;
  @ApiProperty() enabled: boolean;
}

/** PUT /admin/specialities/{id}: a new slug keeps the old URLs alive with a 301. */
export class UpdateSpecialityDto {
  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @MaxLength(120, { message: 'Le nom ne peut pas dépasser 120 caractères' })
  @MinLength(2, { message: 'Le nom est obligatoire' })
  @IsString({ message: 'Le nom est obligatoire' })
  @FreeTextName()
  name?: string;

  @ApiPropertyOptional({ maxLength: 120, example: 'droit-de-la-famille' })
  @IsOptional()
  @MaxLength(120, { message: 'Le slug ne peut pas dépasser 120 caractères' })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Le slug ne contient que des minuscules, des chiffres et des tirets',
  })
  @IsString({ message: 'Le slug est obligatoire' })
  slug?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 10000 })
  @IsOptional()
  @Max(10_000, { message: 'La position doit être comprise entre 0 et 10000' })
  @Min(0, { message: 'La position doit être comprise entre 0 et 10000' })
  @IsInt({ message: 'La position doit être un nombre entier' })
  position?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'Le statut actif doit être vrai ou faux' })
  enabled?: boolean;
}
