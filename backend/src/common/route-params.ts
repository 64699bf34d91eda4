import { ParseUUIDPipe, PipeTransform } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { UUID_PATTERN } from '@rdv/sectors';
import { DomainError } from './domain-error';

/** Path ids must be UUIDs; the message is French like every validation message. `@Param('id', Uuid)`. */
export const Uuid = new ParseUUIDPipe({
  exceptionFactory: () => new DomainError('VALIDATION_FAILED', 'Identifiant invalide', 400),
});

const PROVIDER_ID = /^[a-z]{2,8}_[A-Za-z0-9_]{1,64}$/;

class ParseProviderIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!PROVIDER_ID.test(value)) throw new DomainError('VALIDATION_FAILED', 'Identifiant invalide', 400);
    return value;
  }
}

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

/**
 * Path ids that the payment provider assigned (`sub_…`, `in_…`): its prefix, then letters and digits. Anything else
 * is a 400 before the provider or the database is asked.
 */
export const ProviderId = new ParseProviderIdPipe();
