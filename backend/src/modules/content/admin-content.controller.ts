import { Body, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { AdminResource } from '../identity';
import { NumericIdParamDto, UuidParamDto } from '../../common/route-params';
import {
  AdminPostDto,
  AdminRedirectDto,
  AdminTeamDto,
  CreatePostDto,
  CreateRedirectDto,
  CreateTeamDto,
  UpdatePostDto,
  UpdateRedirectDto,
  UpdateTeamDto,
} from './admin.dto';
import { AdminContentService } from './admin-content.service';
import { AuditedWrite } from '../audit';

/** react-admin (ra-data-simple-rest) resources: lists take sort / range / filter and answer a Content-Range header. */
@AdminResource()
export class AdminContentController {
  constructor(private readonly admin: AdminContentService) {}

  // ---- redirects ----

  @Get('redirects')
  @ApiOkResponse({ type: AdminRedirectDto, isArray: true })
  @AdminList('redirects')
  listRedirects(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminRedirectDto>> {
    return this.admin.listRedirects(query);
  }

  @Get('redirects/:id')
  @ApiOkResponse({ type: AdminRedirectDto })
  getRedirect(@Param() params: NumericIdParamDto): Promise<AdminRedirectDto> {
    return this.admin.getRedirect(params.id);
  }

  @Post('redirects')
  @AuditedWrite({ resource: 'redirects' })
  @ApiCreatedResponse({ type: AdminRedirectDto })
  @ApiConflictResponse({ description: 'REDIRECT_ALREADY_EXISTS' })
  createRedirect(@Body() body: CreateRedirectDto): Promise<AdminRedirectDto> {
    return this.admin.createRedirect(body);
  }

  @Put('redirects/:id')
  @AuditedWrite<AdminContentController>({
    resource: 'redirects',
    before: (c, p) => c.getRedirect({ id: Number(p.id) }),
  })
  @ApiOkResponse({ type: AdminRedirectDto })
  updateRedirect(
    @Param() params: NumericIdParamDto,
    @Body() body: UpdateRedirectDto,
  ): Promise<AdminRedirectDto> {
    return this.admin.updateRedirect(params.id, body);
  }

  @Delete('redirects/:id')
  @AuditedWrite<AdminContentController>({
    resource: 'redirects',
    before: (c, p) => c.getRedirect({ id: Number(p.id) }),
  })
  @ApiOkResponse({ type: AdminRedirectDto })
  deleteRedirect(@Param() params: NumericIdParamDto): Promise<AdminRedirectDto> {
    return this.admin.deleteRedirect(params.id);
  }

  // ---- teams ----

  @Get('teams')
  @ApiOkResponse({ type: AdminTeamDto, isArray: true })
  @AdminList('teams')
  listTeams(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminTeamDto>> {
    return this.admin.listTeams(query);
  }

  @Get('teams/:id')
  @ApiOkResponse({ type: AdminTeamDto })
  getTeam(@Param() params: UuidParamDto): Promise<AdminTeamDto> {
    return this.admin.getTeam(params.id);
  }

  @Post('teams')
  @AuditedWrite({ resource: 'teams' })
  @ApiOperation({
    summary: 'Creates an office; 409 `ext_id already exists` when the registration number is taken',
  })
  @ApiCreatedResponse({ type: AdminTeamDto })
  @ApiConflictResponse({
    description: 'EXT_ID_ALREADY_EXISTS (`ext_id already exists`) or TEAM_URI_ALREADY_EXISTS',
  })
  createTeam(@Body() body: CreateTeamDto): Promise<AdminTeamDto> {
    return this.admin.createTeam(body);
  }

  @Put('teams/:id')
  @AuditedWrite<AdminContentController>({ resource: 'teams', before: (c, p) => c.getTeam({ id: p.id }) })
  @ApiOkResponse({ type: AdminTeamDto })
  @ApiConflictResponse({
    description: 'EXT_ID_ALREADY_EXISTS (`ext_id already exists`) or TEAM_URI_ALREADY_EXISTS',
  })
  updateTeam(@Param() params: UuidParamDto, @Body() body: UpdateTeamDto): Promise<AdminTeamDto> {
    return this.admin.updateTeam(params.id, body);
  }

  @Delete('teams/:id')
  @AuditedWrite<AdminContentController>({ resource: 'teams', before: (c, p) => c.getTeam({ id: p.id }) })
  @ApiOperation({ summary: 'Deletes an office; its professionals stay, without office' })
  @ApiOkResponse({ type: AdminTeamDto })
  deleteTeam(@Param() params: UuidParamDto): Promise<AdminTeamDto> {
    return this.admin.deleteTeam(params.id);
  }

  // ---- posts ----

  @Get('posts')
  @ApiOkResponse({ type: AdminPostDto, isArray: true })
  @AdminList('posts')
  listPosts(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminPostDto>> {
    return this.admin.listPosts(query);
  }

  @Get('posts/:id')
  @ApiOkResponse({ type: AdminPostDto })
  getPost(@Param() params: NumericIdParamDto): Promise<AdminPostDto> {
    return this.admin.getPost(params.id);
  }

  @Post('posts')
  @AuditedWrite({ resource: 'posts' })
  @ApiCreatedResponse({ type: AdminPostDto })
  @ApiConflictResponse({ description: 'SLUG_ALREADY_EXISTS' })
  createPost(@Body() body: CreatePostDto): Promise<AdminPostDto> {
    return this.admin.createPost(body);
  }

  @Put('posts/:id')
  @AuditedWrite<AdminContentController>({
    resource: 'posts',
    before: (c, p) => c.getPost({ id: Number(p.id) }),
  })
  @ApiOkResponse({ type: AdminPostDto })
  updatePost(@Param() params: NumericIdParamDto, @Body() body: UpdatePostDto): Promise<AdminPostDto> {
    return this.admin.updatePost(params.id, body);
  }

  @Delete('posts/:id')
  @AuditedWrite<AdminContentController>({
    resource: 'posts',
    before: (c, p) => c.getPost({ id: Number(p.id) }),
  })
  @ApiOkResponse({ type: AdminPostDto })
  deletePost(@Param() params: NumericIdParamDto): Promise<AdminPostDto> {
    return this.admin.deletePost(params.id);
  }
}
