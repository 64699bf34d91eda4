import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountView,
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
  AllowWithoutSecondFactor,
  accountGuard,
  AttendeeGuard,
  bearerToken,
  CurrentAccount,
  UserGuard,
  assertSameOrigin,
  clearSessionCookie,
  requestToken,
  setSessionCookie,
  wantsSessionCookie,
} from '../identity';
import { DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { SecondFactorPendingDto } from './second-factors.dto';
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
import { AuthService, LoginResult } from './auth.service';

const LOGOUT_MESSAGE = 'Vous êtes déconnecté.';

function kindOf(value: string): AccountKind {
  if (!(ACCOUNT_KINDS as readonly string[]).includes(value)) throw new NotFoundException('Page introuvable');
  return value as AccountKind;
}

/** Client address: Fastify resolves X-Forwarded-For according to the adapter's trustProxy setting. */
const clientIp = (request: FastifyRequest) => request.ip || 'unknown';

/**
 * A sign-in made by a SPA (it sends `X-Rdv-Session`) from the site's own origin gets its session in an
 * HttpOnly cookie as well (see identity/session-cookies.ts); API clients just use the token answered.
 */
function answerSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AccountKind,
  token: string,
  publicUrl: string,
): void {
  if (!wantsSessionCookie(request, kind)) return;
  assertSameOrigin(request, publicUrl);
  setSessionCookie(request, reply, kind, token);
}

const loginAnswer = (model: new () => unknown) => ({
  schema: { oneOf: [{ $ref: getSchemaPath(model) }, { $ref: getSchemaPath(SecondFactorPendingDto) }] },
});

@ApiTags('auth')
@ApiExtraModels(SecondFactorPendingDto, UserTokenDto, AdminTokenDto)
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Professional sign-in (username or email). With a second factor enrolled: a pending step (no session) to finish with /auth/user/second-factor or a passkey. 404 Account not exist, 401 wrong password, 429 throttled',
  })
  @ApiOkResponse(loginAnswer(UserTokenDto))
  async userLogin(
    @Body() dto: UserLoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserTokenDto | SecondFactorPendingDto> {
    const result = await this.auth.login('user', dto.username, dto.password, clientIp(request));
    return this.loginAnswer(request, reply, 'user', result, (token, account) => ({
      token,
      user: account as UserDto,
    }));
  }

  @Post('auth/admin/login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Administrator sign-in. With a second factor enrolled: a pending step (no session) to finish with /auth/admin/second-factor or a passkey',
  })
  @ApiOkResponse(loginAnswer(AdminTokenDto))
  async adminLogin(
    @Body() dto: EmailLoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminTokenDto | SecondFactorPendingDto> {
    const result = await this.auth.login('admin', dto.email, dto.password, clientIp(request));
    return this.loginAnswer(request, reply, 'admin', result, (token, account) => ({
      token,
      admin: account as AdminDto,
    }));
  }

  private loginAnswer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: AccountKind,
    result: LoginResult,
    shape: (token: string, account: AccountView) => T,
  ): T | SecondFactorPendingDto {
    if ('pending' in result) return result.pending;
    answerSession(request, reply, kind, result.token, this.env.PUBLIC_URL);
    return shape(result.token, result.account);
  }

  @Post('auth/attendee/login')
  @HttpCode(200)
  @ApiOkResponse({ type: AttendeeTokenDto })
  async attendeeLogin(@Body() dto: EmailLoginDto, @Req() request: FastifyRequest): Promise<AttendeeTokenDto> {
    const result = await this.auth.login('attendee', dto.email, dto.password, clientIp(request));
    // Attendees have no second factor: their sign-in never stops at a pending step.
    if ('pending' in result) throw new DomainError('SECOND_FACTOR_UNSUPPORTED', 'Connexion impossible', 400);
    return { token: result.token, attendee: result.account as AttendeeDto };
  }

  @Post('auth/session')
  @HttpCode(200)
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'A SPA hands a token it was answered (sign-up, for instance) to its HttpOnly session cookie: Bearer token + X-Rdv-Session of the same kind, from the site itself',
  })
  @ApiOkResponse({ type: MessageDto })
  adoptSession(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): MessageDto {
    const token = bearerToken(request);
    if (!token || !wantsSessionCookie(request, account.kind))
      throw new DomainError('SESSION_COOKIE_REFUSED', 'Session non transférable', 400);
    answerSession(request, reply, account.kind, token, this.env.PUBLIC_URL);
    return { message: 'Session ouverte' };
  }

  @Get('auth/admin/check-logged')
  @UseGuards(AdminGuard)
  @AllowWithoutSecondFactor()
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
    await this.auth.logout('attendee', requestToken(request, ['attendee'])?.token);
    return { message: LOGOUT_MESSAGE };
  }

  @Get('auth/:kind/logout')
  @ApiParam({ name: 'kind', enum: ACCOUNT_KINDS })
  @ApiOperation({
    summary:
      'Logout: revokes the session sent (Bearer token, or the SPA session cookie of that kind), if any, and clears the cookie',
  })
  @ApiOkResponse({ type: MessageDto })
  async logout(
    @Param('kind') kind: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageDto> {
    const accountKind = kindOf(kind);
    await this.auth.logout(accountKind, requestToken(request, [accountKind])?.token);
    if (accountKind !== 'attendee') clearSessionCookie(request, reply, accountKind);
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
  async changeUserPassword(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: ChangePasswordDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PasswordChangedDto> {
    const answer = await this.auth.changeUserPassword(
      account,
      dto.current_password,
      dto.password,
      dto.password_confirmation,
      clientIp(request),
    );
    answerSession(request, reply, 'user', answer.token, this.env.PUBLIC_URL);
    return answer;
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
