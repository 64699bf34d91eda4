import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Uuid } from '../../common/route-params';
import type { AttendeeDto, UserDto } from '../accounts';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, ownAccountGuard } from '../identity';
import {
  AttendeePhoneVerifiedDto,
  AttendeeSendCodeDto,
  CodeSentDto,
  UserPhoneVerifiedDto,
  UserSendCodeDto,
  VerifyCodeDto,
} from './phone-verification.dto';
import { PhoneVerificationService } from './phone-verification.service';

const clientIp = (request: FastifyRequest) => request.ip || 'unknown';

/** The account itself or an administrator; 403 to any other signed-in account. */
const OWN_USER = ownAccountGuard('user', { admins: true, otherKinds: 403 });
const OWN_ATTENDEE = ownAccountGuard('attendee', { admins: true, otherKinds: 403 });

@ApiTags('phone-verification')
@ApiBearerAuth()
@Controller()
export class PhoneVerificationController {
  constructor(private readonly verification: PhoneVerificationService) {}

  @Post('users/:id/send-token-to-verify-number')
  @UseGuards(OWN_USER)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends an SMS code to a professional phone (the professional or an admin). 429 past the send caps',
  })
  @ApiOkResponse({ type: CodeSentDto })
  sendUserCode(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: UserSendCodeDto,
    @Req() request: FastifyRequest,
  ): Promise<CodeSentDto> {
    return this.verification.sendCode(actor, 'user', id, dto.phoneNumber, undefined, clientIp(request));
  }

  @Post('users/:id/verify-token-to-validate-number')
  @UseGuards(OWN_USER)
  @HttpCode(200)
  @ApiOkResponse({ type: UserPhoneVerifiedDto })
  async verifyUserCode(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: VerifyCodeDto,
  ): Promise<UserPhoneVerifiedDto> {
    const { message, account } = await this.verification.verifyCode(actor, 'user', id, dto.token);
    return { message, user: account as UserDto };
  }

  @Post('attendees/:id/send-token-to-verify-number')
  @UseGuards(OWN_ATTENDEE)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends an SMS code to an attendee phone (the attendee or an admin). 429 past the send caps',
  })
  @ApiOkResponse({ type: CodeSentDto })
  sendAttendeeCode(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: AttendeeSendCodeDto,
    @Req() request: FastifyRequest,
  ): Promise<CodeSentDto> {
    return this.verification.sendCode(
      actor,
      'attendee',
      id,
      dto.phone,
      dto.phone_country_code ?? 'FR',
      clientIp(request),
    );
  }

  @Post('attendees/:id/verify-token-to-validate-number')
  @UseGuards(OWN_ATTENDEE)
  @HttpCode(200)
  @ApiOkResponse({ type: AttendeePhoneVerifiedDto })
  async verifyAttendeeCode(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: VerifyCodeDto,
  ): Promise<AttendeePhoneVerifiedDto> {
    const { message, account } = await this.verification.verifyCode(actor, 'attendee', id, dto.token);
    return { message, attendee: account as AttendeeDto };
  }
}
