import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { InviteColleagueDto, SaveBankDetailsDto, SponsorshipDto } from './sponsorship.dto';
import { SponsorshipService } from './sponsorship.service';

/** /user/parrainage: only the professional themself; 404 SPONSORSHIP_DISABLED while the site flag is off. */
@ApiTags('sponsorship')
@OwnAccount('user')
@Controller('users/:id/sponsorship')
export class SponsorshipController {
  constructor(private readonly sponsorship: SponsorshipService) {}

  @Get()
  @ApiOperation({
    summary: 'The referral link and code, the referrals and their state, the masked bank details',
  })
  @ApiOkResponse({ type: SponsorshipDto })
  @ApiNotFoundResponse({ description: 'SPONSORSHIP_DISABLED' })
  get(@Param('id', Uuid) id: string): Promise<SponsorshipDto> {
    return this.sponsorship.get(id);
  }

  @Post('invitations')
  @ApiOperation({ summary: 'Mail the referral link to a colleague (20 a day)' })
  @ApiOkResponse({ type: SponsorshipDto })
  @ApiConflictResponse({ description: 'ALREADY_INVITED, ALREADY_A_PROFESSIONAL' })
  invite(@Param('id', Uuid) id: string, @Body() dto: InviteColleagueDto): Promise<SponsorshipDto> {
    return this.sponsorship.invite(id, dto.email);
  }

  @Put('bank-details')
  @ApiOperation({
    summary:
      'Where rewards are paid: IBAN, BIC and holder checked (ibantools), stored sealed, answered masked',
  })
  @ApiOkResponse({ type: SponsorshipDto })
  @ApiBadRequestResponse({ description: 'BANK_DETAILS_INVALID (French message per field)' })
  saveBankDetails(@Param('id', Uuid) id: string, @Body() dto: SaveBankDetailsDto): Promise<SponsorshipDto> {
    return this.sponsorship.saveBankDetails(id, dto);
  }

  @Delete('bank-details')
  @ApiOperation({ summary: 'Forget the bank details' })
  @ApiOkResponse({ type: SponsorshipDto })
  removeBankDetails(@Param('id', Uuid) id: string): Promise<SponsorshipDto> {
    return this.sponsorship.removeBankDetails(id);
  }
}
