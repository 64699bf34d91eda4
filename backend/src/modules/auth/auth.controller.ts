import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  AdminDto,
  AdminTokenDto,
  AttendeeDto,
  AttendeeTokenDto,
  MessageDto,
  UserDto,
  UserTokenDto,
} from '../accounts';
import {
  ACCOUNT_KINDS,
  AccountKind,
  AuthenticatedAccount,
  AdminGuard,
  AttendeeGuard,
  bearerToken,
  CurrentAccount,
  UserGuard,
} from '../identity';
import {
  ChangeEmailDto,
  ChangePasswordDto,
  ConfirmEmailDto,
  EmailChangedDto,
  PasswordChangedDto,
  EmailLoginDto,
  ForgotPasswordDto,
  ResetPasswordDto,
  UserLoginDto,
} from './auth.dto';
import { AuthService } from './auth.service';

const LOGOUT_MESSAGE = 'Vous êtes déconnecté.';

function kindOf(value: string): AccountKind {
  if (!(ACCOUNT_KINDS as readonly string[]).includes(value)) throw new NotFoundException('Page introuvable');
  return value as AccountKind;
}

/** Client address: Fastify resolves X-Forwarded-For according to the adapter's trustProxy setting. */
const clientIp = (request: FastifyRequest) => request.ip || 'unknown';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Professional sign-in (username or email). 404 Account not exist, 401 wrong password, 429 throttled',
  })
  @ApiOkResponse({ type: UserTokenDto })
  async userLogin(@Body() dto: UserLoginDto, @Req() request: FastifyRequest): Promise<UserTokenDto> {
    const { token, account } = await this.auth.login('user', dto.username, dto.password, clientIp(request));
    return { token, user: account as UserDto };
  }

  @Post('auth/admin/login')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminTokenDto })
  async adminLogin(@Body() dto: EmailLoginDto, @Req() request: FastifyRequest): Promise<AdminTokenDto> {
    const { token, account } = await this.auth.login('admin', dto.email, dto.password, clientIp(request));
    return { token, admin: account as AdminDto };
  }

  @Post('auth/attendee/login')
  @HttpCode(200)
  @ApiOkResponse({ type: AttendeeTokenDto })
  async attendeeLogin(@Body() dto: EmailLoginDto, @Req() request: FastifyRequest): Promise<AttendeeTokenDto> {
    const { token, account } = await this.auth.login('attendee', dto.email, dto.password, clientIp(request));
    return { token, attendee: account as AttendeeDto };
  }

  @Get('auth/admin/check-logged')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: AdminDto })
  adminCheck(@CurrentAccount() account: AuthenticatedAccount): Promise<AdminDto> {
    return this.auth.checkLogged(account) as Promise<AdminDto>;
  }

  @Get('auth/user/check-logged')
  @UseGuards(UserGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: UserDto })
  userCheck(@CurrentAccount() account: AuthenticatedAccount): Promise<UserDto> {
    return this.auth.checkLogged(account) as Promise<UserDto>;
  }

  @Get('auth/attendee/check-logged')
  @UseGuards(AttendeeGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: AttendeeDto })
  attendeeCheck(@CurrentAccount() account: AuthenticatedAccount): Promise<AttendeeDto> {
    return this.auth.checkLogged(account) as Promise<AttendeeDto>;
  }

  /**
   * Logout revokes the Bearer token sent (if any) server-side, so a copy of it is refused afterwards;
   * always 200, so the UI drops its cookie whatever happened.
   */
  @Get('logout/attendee')
  @ApiOperation({ summary: 'Attendee logout (spec alias): revokes the Bearer token sent, if any' })
  @ApiOkResponse({ type: MessageDto })
  async logoutAttendee(@Req() request: FastifyRequest): Promise<MessageDto> {
    await this.auth.logout('attendee', bearerToken(request));
    return { message: LOGOUT_MESSAGE };
  }

  @Get('auth/:kind/logout')
  @ApiParam({ name: 'kind', enum: ACCOUNT_KINDS })
  @ApiOperation({ summary: 'Logout: revokes the Bearer token sent (of that kind), if any' })
  @ApiOkResponse({ type: MessageDto })
  async logout(@Param('kind') kind: string, @Req() request: FastifyRequest): Promise<MessageDto> {
    await this.auth.logout(kindOf(kind), bearerToken(request));
    return { message: LOGOUT_MESSAGE };
  }

  @Post('auth/:kind/forgot-password')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: ACCOUNT_KINDS })
  @ApiOperation({
    summary: 'Sends a single-use reset link (1 h) by mail; same answer whether the account exists or not',
  })
  @ApiOkResponse({ type: MessageDto })
  forgotPassword(
    @Param('kind') kind: string,
    @Body() dto: ForgotPasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<MessageDto> {
    return this.auth.forgotPassword(kindOf(kind), dto.email, clientIp(request));
  }

  @Post('auth/user/change-password')
  @HttpCode(200)
  @UseGuards(UserGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The signed-in professional changes their password (/user/setting): the current one is required, every other session ends, this one continues with the new token answered',
  })
  @ApiOkResponse({ type: PasswordChangedDto })
  changeUserPassword(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: ChangePasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<PasswordChangedDto> {
    return this.auth.changeUserPassword(
      account,
      dto.current_password,
      dto.password,
      dto.password_confirmation,
      clientIp(request),
    );
  }

  @Post('auth/user/change-email')
  @HttpCode(202)
  @UseGuards(UserGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The signed-in professional asks to move to another address: the current password is required, a link is mailed to the new address (and a notice to the current one); nothing changes until it is opened. 409 EMAIL_ALREADY_EXISTS',
  })
  @ApiAcceptedResponse({ type: MessageDto })
  changeUserEmail(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: ChangeEmailDto,
    @Req() request: FastifyRequest,
  ): Promise<MessageDto> {
    return this.auth.requestUserEmailChange(account, dto.email, dto.current_password, clientIp(request));
  }

  @Post('auth/user/confirm-email')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Opens the link mailed to the new address (no session needed: the single-use token is the authority). 400 EMAIL_CHANGE_TOKEN_INVALID, 409 EMAIL_ALREADY_EXISTS',
  })
  @ApiOkResponse({ type: EmailChangedDto })
  confirmUserEmail(@Body() dto: ConfirmEmailDto): Promise<EmailChangedDto> {
    return this.auth.confirmUserEmail(dto.token);
  }

  @Post('auth/attendee/change-email')
  @HttpCode(202)
  @UseGuards(AttendeeGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The signed-in client asks to move to another address: the current password is required, a link is mailed to the new address (and a notice to the current one); nothing changes until it is opened. 409 EMAIL_ALREADY_EXISTS',
  })
  @ApiAcceptedResponse({ type: MessageDto })
  changeAttendeeEmail(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: ChangeEmailDto,
    @Req() request: FastifyRequest,
  ): Promise<MessageDto> {
    return this.auth.requestUserEmailChange(account, dto.email, dto.current_password, clientIp(request));
  }

  @Post('auth/attendee/confirm-email')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Opens the link mailed to a client’s new address (no session needed); every session of the client opened before ends. 400 EMAIL_CHANGE_TOKEN_INVALID, 409 EMAIL_ALREADY_EXISTS',
  })
  @ApiOkResponse({ type: EmailChangedDto })
  confirmAttendeeEmail(@Body() dto: ConfirmEmailDto): Promise<EmailChangedDto> {
    return this.auth.confirmUserEmail(dto.token, 'attendee');
  }

  @Post('auth/attendee/change-password')
  @HttpCode(200)
  @UseGuards(AttendeeGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The signed-in attendee changes their password (/participant/profil); every session ends, log in again',
  })
  @ApiOkResponse({ type: MessageDto })
  changeAttendeePassword(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: ChangePasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<MessageDto> {
    return this.auth.changePassword(
      account,
      dto.current_password,
      dto.password,
      dto.password_confirmation,
      clientIp(request),
    );
  }

  @Post('auth/:kind/reset-password')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: ACCOUNT_KINDS })
  @ApiOkResponse({ type: MessageDto })
  resetPassword(@Param('kind') kind: string, @Body() dto: ResetPasswordDto): Promise<MessageDto> {
    return this.auth.resetPassword(kindOf(kind), dto.token, dto.password, dto.password_confirmation);
  }
}
