import { ApiProperty } from '@nestjs/swagger';

export class SpecialityDto {
  @ApiProperty({ example: 12, description: 'Speciality id' })
  _id: number;

  @ApiProperty({ example: 'droit-de-la-famille-des-personnes-et-de-leur-patrimoine' })
  slug: string;

  @ApiProperty({ example: 'Droit de la famille, des personnes et de leur patrimoine' })
  name: string;
}
