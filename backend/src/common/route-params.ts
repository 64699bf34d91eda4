import { ParseUUIDPipe } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { UUID_PATTERN } from '@rdv/sectors';
import { DomainError } from './domain-error';

/** Path ids must be UUIDs; the message is French like every validation message. `@Param('id', Uuid)`. */
export const Uuid = new ParseUUIDPipe({
  exceptionFactory: () => new DomainError('VALIDATION_FAILED', 'Identifiant invalide', 400),
});

/** `:id` of the numeric-id resources of the console (posts, images): a positive 32-bit integer. */
export class NumericIdParamDto {
  @ApiProperty()
  @Type(() => Number)
  @Max(2_147_483_647, { message: 'Identifiant invalide' })
  @Min(1, { message: 'Identifiant invalide' })
  @IsInt({ message: 'Identifiant invalide' })
  id: number;
}

/** `:id` of the console's UUID resources, validated as a DTO (its message is French). */
export class UuidParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'Identifiant invalide' })
  id: string;
}
