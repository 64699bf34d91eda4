import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { EMAIL_MESSAGE } from '../accounts';

export const REFERRAL_STATES = ['invited', 'signed_up', 'subscribed'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export class ReferralDto {
  @ApiProperty({ description: 'The colleague’s address (invited by email) or their name once signed up' })
  email: string;
  @ApiProperty({ nullable: true, type: String, description: 'Name, once they have an account' })
  name: string | null;
  @ApiProperty({
    enum: REFERRAL_STATES,
    description: 'invited → signed_up (account made) → subscribed (paying)',
  })
  state: ReferralState;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'When the invitation was mailed (null: came by the link)',
  })
  invited_at: string | null;
  @ApiProperty({ nullable: true, type: String }) signed_up_at: string | null;
  @ApiProperty({ nullable: true, type: String }) subscribed_at: string | null;
}

export class BankDetailsViewDto {
  @ApiProperty({ example: 'FR76 •••• 0189', description: 'Never the whole IBAN' }) masked_iban: string;
  @ApiProperty() updated_at: string;
}

export class SponsorshipDto {
  @ApiProperty({ example: 'CMAR-7K2P' }) code: string;
  @ApiProperty({ example: 'https://rdv-avocat.fr/inscription?parrain=CMAR-7K2P' }) link: string;
  @ApiProperty({ description: 'The reward rule, in words' }) reward_rule: string;
  @ApiProperty({ type: [ReferralDto] }) referrals: ReferralDto[];
  @ApiProperty({ nullable: true, type: BankDetailsViewDto }) bank_details: BankDetailsViewDto | null;
}

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class InviteColleagueDto {
  @ApiProperty({ example: 'camille.durand@cabinet-durand.fr' })
  @Transform(normalizeEmail)
  @MaxLength(254, { message: EMAIL_MESSAGE })
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;
}

/** Checked with ibantools (shared/sectors bank-details.ts) in the service, each field with its French message. */
export class SaveBankDetailsDto {
  @ApiProperty({ example: 'FR76 3000 6000 0112 3456 7890 189' })
  @MaxLength(50, { message: 'Cet IBAN n’est pas valide' })
  @IsString({ message: 'Veuillez renseigner votre IBAN' })
  iban: string;

  @ApiProperty({ example: 'BNPAFRPPXXX' })
  @MaxLength(20, { message: 'Ce BIC n’est pas valide (8 ou 11 caractères, ex. BNPAFRPPXXX)' })
  @IsString({ message: 'Veuillez renseigner le BIC de votre banque' })
  bic: string;

  @ApiProperty({ example: 'Claire Martin' })
  @MaxLength(200, { message: 'Le titulaire ne doit pas dépasser 140 caractères' })
  @IsString({ message: 'Veuillez renseigner le titulaire du compte' })
  holder: string;
}
