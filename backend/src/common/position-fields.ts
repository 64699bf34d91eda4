import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsNumber, Max, Min, ValidateIf } from 'class-validator';

/**
 * A query's optional `lat` / `lng` pair (a visitor's position): both or neither, numbers within the
 * globe, refused in French; "not a number" is reported before "out of range" (see directory.dto.ts).
 */
export function PositionField(axis: 'lat' | 'lng') {
  const limit = axis === 'lat' ? 90 : 180;
  const range =
    axis === 'lat'
      ? 'La latitude doit être comprise entre -90 et 90'
      : 'La longitude doit être comprise entre -180 et 180';
  // applyDecorators applies them in this order, i.e. like stacked decorators read from the bottom up.
  return applyDecorators(
    IsNumber(
      { allowNaN: false, allowInfinity: false },
      { message: 'La latitude et la longitude doivent être des nombres' },
    ),
    Min(-limit, { message: range }),
    Max(limit, { message: range }),
    Type(() => Number),
    ValidateIf((o: { lat?: number; lng?: number }) => o.lat !== undefined || o.lng !== undefined),
  );
}
