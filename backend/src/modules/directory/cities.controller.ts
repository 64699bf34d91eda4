import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { PublicCache } from '../../common/http-cache';
import {
  AutocompleteQueryDto,
  CitiesQueryDto,
  CityDetailDto,
  CitySuggestionDto,
  CityUriParamDto,
  DepartmentCitiesDto,
  DepartmentCodeParamDto,
  DepartmentPageDto,
  DepartmentQueryDto,
} from './directory.dto';
import { DirectoryService } from './directory.service';

@ApiTags('directory')
@Controller('departments')
export class DepartmentsController {
  constructor(private readonly directory: DirectoryService) {}

  @Get(':code')
  @PublicCache('slots')
  @ApiOperation({
    summary: 'A department’s professionals (listing order, paginated) and its communes that have some',
  })
  @ApiOkResponse({ type: DepartmentPageDto })
  @ApiNotFoundResponse({ description: 'DEPARTMENT_NOT_FOUND' })
  department(
    @Param() params: DepartmentCodeParamDto,
    @Query() query: DepartmentQueryDto,
  ): Promise<DepartmentPageDto> {
    return this.directory.department(params.code, query);
  }
}

@ApiTags('directory')
@Controller('cities')
export class CitiesController {
  constructor(private readonly directory: DirectoryService) {}

  @Get()
  @PublicCache('reference')
  @ApiOperation({ summary: 'Departments and their cities that have active professionals' })
  @ApiOkResponse({ type: DepartmentCitiesDto, isArray: true })
  // `_query` is validated only: the listing with professionals is the one offered.
  cities(@Query() _query: CitiesQueryDto): Promise<DepartmentCitiesDto[]> {
    return this.directory.citiesByDepartment();
  }

  @Get('autocomplete')
  @PublicCache('reference')
  @ApiOperation({
    summary:
      'Communes by postal code start, or by name start (accents, case and hyphens ignored, "st"/"ste"/"s" spelled out), else by the closest names (typos); most populated first',
  })
  @ApiOkResponse({ type: CitySuggestionDto, isArray: true })
  @ApiBadRequestResponse({ description: 'q shorter than 2 or longer than 60 characters' })
  autocomplete(@Query() query: AutocompleteQueryDto): Promise<CitySuggestionDto[]> {
    return this.directory.findCities(query);
  }

  @Get('closest')
  @PublicCache('reference')
  @ApiOperation({
    summary:
      'Communes whose name is closest to a text that names none (typos, "st" for saint, accents and hyphens ignored)',
  })
  @ApiOkResponse({ type: CitySuggestionDto, isArray: true })
  @ApiBadRequestResponse({ description: 'q shorter than 2 or longer than 60 characters' })
  closest(@Query() query: AutocompleteQueryDto): Promise<CitySuggestionDto[]> {
    // The same search as the autocomplete: a city page that names no commune proposes what the home page would.
    return this.directory.findCities(query);
  }

  @Get(':cityUri')
  @PublicCache('reference')
  @ApiOkResponse({ type: CityDetailDto })
  @ApiNotFoundResponse({ description: 'CITY_NOT_FOUND' })
  city(@Param() params: CityUriParamDto): Promise<CityDetailDto> {
    return this.directory.city(params.cityUri);
  }
}
