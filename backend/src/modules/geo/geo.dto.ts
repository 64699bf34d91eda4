import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PositionField } from '../../common/position-fields';

export class NearestCityQueryDto {
  @ApiPropertyOptional({
    example: 45.76,
    description: 'Latitude (with lng); without both, the client IP is used',
  })
  @PositionField('lat')
  lat?: number;

  @ApiPropertyOptional({ example: 4.84 })
  @PositionField('lng')
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
