import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, Max, Min, ValidateIf } from 'class-validator';

export class NearestCityQueryDto {
  @ApiPropertyOptional({
    example: 45.76,
    description: 'Latitude (with lng); without both, the client IP is used',
  })
  @ValidateIf((o: NearestCityQueryDto) => o.lat !== undefined || o.lng !== undefined)
  @Type(() => Number)
  @Max(90, { message: 'La latitude doit être comprise entre -90 et 90' })
  @Min(-90, { message: 'La latitude doit être comprise entre -90 et 90' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'La latitude et la longitude doivent être des nombres' },
  )
  lat?: number;

  @ApiPropertyOptional({ example: 4.84 })
  @ValidateIf((o: NearestCityQueryDto) => o.lat !== undefined || o.lng !== undefined)
  @Type(() => Number)
  @Max(180, { message: 'La longitude doit être comprise entre -180 et 180' })
  @Min(-180, { message: 'La longitude doit être comprise entre -180 et 180' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'La latitude et la longitude doivent être des nombres' },
  )
  lng?: number;
}

export class NearestCityDto {
  @ApiProperty({ example: 'lyon' })
  cityUri: string;

  @ApiProperty({ example: 'Lyon' })
  name: string;

  @ApiProperty({ example: '69' })
  departmentCode: string;

  @ApiProperty({ example: 'Rhône' })
  departmentName: string;

  @ApiProperty({ example: 42, description: 'Active professionals in the city' })
  count: number;

  @ApiProperty({ example: 3.2, description: 'Distance from the located point, km (one decimal)' })
  distanceKm: number;

  @ApiProperty({
    enum: ['coordinates', 'ip', 'fallback'],
    description:
      'coordinates: from lat/lng; ip: from the IP database; fallback: Paris (private, loopback or unknown IP)',
  })
  source: 'coordinates' | 'ip' | 'fallback';

  @ApiProperty({ description: 'True when the visitor could not be located and Paris was used' })
  fallback: boolean;
}
