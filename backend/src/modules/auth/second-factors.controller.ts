import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Uuid } from '../../common/route-params';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AdminDto, AdminTokenDto, UserDto, UserTokenDto } from '../accounts';
import {
  accountGuard,
  AdminConsoleGuard,
  AllowWithoutSecondFactor,
  assertSameOrigin,
  AuthenticatedAccount,
  CurrentAccount,
  currentSession,
  setSessionCookie,
  wantsSessionCookie,
} from '../identity';
import {
  ConfirmTotpDto,
  CurrentPasswordDto,
  FactorEnrolledDto,
  PasskeyAnswerDto,
  PasskeyOptionsDto,
  PasskeyOptionsRequestDto,
  RecoveryCodesDto,
  SecondFactorCodeDto,
  SecondFactorPolicyDto,
  SecondFactorsDto,
  TotpEnrolmentDto,
  UpdateSecondFactorPolicyDto,
} from './second-factors.dto';
import { SecondFactorSignIn, SignedIn } from './second-factor-sign-in.service';
import { SecondFactorKind, SecondFactorsService } from './second-factors.service';

const clientIp = (request: FastifyRequest) => request.ip || 'unknown';

function factorKind(value: string): SecondFactorKind {
  if (value !== 'user' && value !== 'admin') throw new NotFoundException('Page introuvable');
  return value;
}

/**
 * Second factors: the second step of a sign-in (code or passkey), a passkey sign-in without password, and
 * the signed-in professional's or administrator's own factors ("Mon compte" of /user and of the console).
 */
@ApiTags('auth')
@Controller()
export class SecondFactorsController {
  constructor(
    private readonly factors: SecondFactorsService,
    private readonly signIn: SecondFactorSignIn,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('auth/:kind/second-factor')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: ['user', 'admin'] })
  @ApiOperation({
    summary:
      'Second step of a sign-in: the authenticator app code or a recovery code (single use). 401 SECOND_FACTOR_INVALID / SECOND_FACTOR_EXPIRED',
  })
  @ApiOkResponse({ description: '{ token, user } or { token, admin }', type: UserTokenDto })
  async code(
    @Param('kind') kind: string,
    @Body() dto: SecondFactorCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserTokenDto | AdminTokenDto> {
    const k = factorKind(kind);
    return this.answer(
      request,
      reply,
      k,
      await this.signIn.signInWithCode(k, dto.pendingToken, dto.code, clientIp(request)),
    );
  }

  @Post('auth/:kind/passkey/options')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: ['user', 'admin'] })
  @ApiOperation({
    summary: 'WebAuthn options to sign in with a passkey: after the password (pendingToken) or instead of it',
  })
  @ApiOkResponse({ type: PasskeyOptionsDto })
  passkeyOptions(
    @Param('kind') kind: string,
    @Body() dto: PasskeyOptionsRequestDto,
  ): Promise<PasskeyOptionsDto> {
    return this.signIn.passkeySignInOptions(factorKind(kind), dto.pendingToken);
  }

  @Post('auth/:kind/passkey')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: ['user', 'admin'] })
  @ApiOperation({
    summary: 'Sign-in with a passkey (the answer of navigator.credentials.get). 401 PASSKEY_INVALID',
  })
  @ApiOkResponse({ description: '{ token, user } or { token, admin }', type: UserTokenDto })
  async passkey(
    @Param('kind') kind: string,
    @Body() dto: PasskeyAnswerDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserTokenDto | AdminTokenDto> {
    const k = factorKind(kind);
    return this.answer(request, reply, k, await this.signIn.signInWithPasskey(k, dto.ticket, dto.response));
  }

  @Get('auth/second-factors')
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOkResponse({ type: SecondFactorsDto })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() request: FastifyRequest,
  ): Promise<SecondFactorsDto> {
    return this.factors.list(account, currentSession(request)?.secondFactor ?? false);
  }

  @Post('auth/second-factors/totp')
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Starts adding an authenticator app: a secret, active once a first code confirms it',
  })
  @ApiOkResponse({ type: TotpEnrolmentDto })
  startTotp(@CurrentAccount() account: AuthenticatedAccount): Promise<TotpEnrolmentDto> {
    return this.factors.startTotp(account);
  }

  @Post('auth/second-factors/totp/:id/confirm')
  @HttpCode(200)
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Confirms the app with a code: the factor is active, recovery codes come with the first factor, and the session goes on with a token that passed a second factor',
  })
  @ApiOkResponse({ type: FactorEnrolledDto })
  async confirmTotp(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: ConfirmTotpDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FactorEnrolledDto> {
    const enrolled = await this.factors.confirmTotp(account, id, dto.code, dto.label);
    this.renewCookie(request, reply, account, enrolled.token);
    return enrolled;
  }

  @Post('auth/second-factors/passkeys/options')
  @HttpCode(200)
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOkResponse({ type: PasskeyOptionsDto })
  passkeyRegistrationOptions(@CurrentAccount() account: AuthenticatedAccount): Promise<PasskeyOptionsDto> {
    return this.factors.passkeyRegistrationOptions(account);
  }

  @Post('auth/second-factors/passkeys')
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Registers a passkey (the answer of navigator.credentials.create)' })
  @ApiOkResponse({ type: FactorEnrolledDto })
  async registerPasskey(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: PasskeyAnswerDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FactorEnrolledDto> {
    const enrolled = await this.factors.registerPasskey(account, dto.ticket, dto.response, dto.label);
    this.renewCookie(request, reply, account, enrolled.token);
    return enrolled;
  }

  @Post('auth/second-factors/recovery-codes')
  @HttpCode(200)
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'New recovery codes (current password required); the previous ones stop working' })
  @ApiOkResponse({ type: RecoveryCodesDto })
  recoveryCodes(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CurrentPasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<RecoveryCodesDto> {
    return this.factors.regenerateRecoveryCodes(account, dto.current_password, clientIp(request));
  }

  @Delete('auth/second-factors/:id')
  @HttpCode(204)
  @UseGuards(accountGuard('user', 'admin'))
  @AllowWithoutSecondFactor()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Removes an app or a passkey (current password required). 409 SECOND_FACTOR_LAST for an administrator when the site requires a second factor',
  })
  async remove(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: CurrentPasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.factors.remove(account, id, dto.current_password, clientIp(request));
  }

  @Get('admin/second-factor-policy')
  @UseGuards(AdminConsoleGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: SecondFactorPolicyDto })
  policy(): Promise<SecondFactorPolicyDto> {
    return this.factors.adminPolicy();
  }

  @Put('admin/second-factor-policy')
  @UseGuards(AdminConsoleGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Site setting: administrators must sign in with a second factor to use the console',
  })
  @ApiOkResponse({ type: SecondFactorPolicyDto })
  setPolicy(@Body() dto: UpdateSecondFactorPolicyDto): Promise<SecondFactorPolicyDto> {
    return this.factors.setAdminPolicy(dto.adminSecondFactorRequired);
  }

  private answer(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SecondFactorKind,
    signedIn: SignedIn,
  ): UserTokenDto | AdminTokenDto {
    if (wantsSessionCookie(request, kind)) {
      assertSameOrigin(request, this.env.PUBLIC_URL);
      setSessionCookie(request, reply, kind, signedIn.token);
    }
    return kind === 'user'
      ? { token: signedIn.token, user: signedIn.account as UserDto }
      : { token: signedIn.token, admin: signedIn.account as AdminDto };
  }

  /** A SPA's cookie session goes on with the token that passed a second factor. */
  private renewCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    account: AuthenticatedAccount,
    token: string,
  ): void {
    if (account.kind !== 'attendee' && wantsSessionCookie(request, account.kind))
      setSessionCookie(request, reply, account.kind, token);
  }
}
