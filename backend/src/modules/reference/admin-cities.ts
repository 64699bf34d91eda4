import { Get, Injectable, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { AdminResource } from '../identity';
import {
  AdminListQueryDto,
  idsFilter,
  parseAdminList,
  AdminList,
  type AdminPage,
  textFilter,
} from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import { NumericIdParamDto } from '../../common/route-params';
import { CityRow, ReferenceRepository } from './reference.repository';

export class AdminCityDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() inseeCode: string;
  @ApiProperty() cityUri: string;
  @ApiProperty() departmentCode: string;
  @ApiProperty({ type: [String] }) postalCodes: string[];
  @ApiProperty({ type: Number, nullable: true }) population: number | null;
}

const toDto = (row: CityRow): AdminCityDto => ({
  id: row.id,
  name: row.name,
  inseeCode: row.inseeCode,
  cityUri: row.cityUri,
  departmentCode: row.departmentCode,
  postalCodes: row.postalCodes,
  population: row.population,
});

/** Cities: reference data (official list), read-only in the console. */
@Injectable()
export class AdminCitiesService {
  constructor(private readonly repository: ReferenceRepository) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(query, ['name', 'population', 'inseeCode'] as const, 'name');
    const q = textFilter(params.filter);
    const department = params.filter.departmentCode;
    if (department !== undefined && (typeof department !== 'string' || !/^[0-9AB]{2,3}$/.test(department)))
      throw new DomainError('VALIDATION_FAILED', 'Code de département invalide', 400);
    const { rows, total } = await this.repository.listCitiesForAdmin(
      {
        q: q ? likeEscape(q) : undefined,
        departmentCode: department as string | undefined,
        ids: idsFilter(params.filter)
          ?.map(Number)
          .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map(toDto), offset: params.offset, total };
  }

  async get(id: number): Promise<AdminCityDto> {
    const row = await this.repository.findCity(id);
    if (!row) throw new NotFoundError('CITY_NOT_FOUND', 'Ville introuvable');
    return toDto(row);
  }
}

@AdminResource('cities')
export class AdminCitiesController {
  constructor(private readonly cities: AdminCitiesService) {}

  @Get()
  @ApiOperation({ summary: 'filter: q (name, INSEE or postal code prefix), departmentCode' })
  @ApiOkResponse({ type: AdminCityDto, isArray: true })
  @AdminList('cities')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminCityDto>> {
    return this.cities.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminCityDto })
  @ApiNotFoundResponse({ description: 'CITY_NOT_FOUND' })
  get(@Param() params: NumericIdParamDto): Promise<AdminCityDto> {
    return this.cities.get(params.id);
  }
}
