import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Clock, SignedClaims } from '../identity';
import type { LeaveReviewDto, ReviewInvitationDto, ReviewLeftDto } from './reviews.dto';
import { ReviewsRepository, type ReviewableAppointment } from './reviews.repository';

export const REVIEW_INVITATION_JOB = 'review.invitation';
/** The link mailed after a meeting stays valid this long. */
export const REVIEW_LINK_TTL_MS = 30 * 24 * 3600 * 1000;
/** Invitations leave this long after the meeting's end, for meetings that ended up to a week before. */
export const REVIEW_INVITATION_DELAY_MS = 3600 * 1000;
export const REVIEW_INVITATION_WINDOW_MS = 7 * 24 * 3600 * 1000;

const invalidLink = () =>
  new NotFoundError('REVIEW_LINK_INVALID', 'Ce lien d’avis est invalide ou a expiré.');

/**
 * Reviews left by clients after a meeting that took place (docs/product.md §1): one per appointment,
 * from the signed link of the mail sent after it; they wait for moderation before the reviews page and the
 * schema rating count them.
 */
@Injectable()
export class ReviewInvitations {
  private readonly links: SignedClaims<{ r: string }>;

  constructor(
    private readonly repository: ReviewsRepository,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.links = new SignedClaims(env.JWT_SECRET, 'review-invitation/v1');
  }

  linkFor(publicUrl: string, appointmentId: string): string {
    const token = this.links.sign({ r: appointmentId }, REVIEW_LINK_TTL_MS, this.clock.now().getTime());
    return `${publicUrl.replace(/\/+$/, '')}/avis?token=${encodeURIComponent(token)}`;
  }

  async invitation(token: string): Promise<ReviewInvitationDto> {
    const meeting = await this.meetingOf(token);
    return {
      professional_name: professionalName(meeting),
      starts_at: new Date(meeting.starts_at).toISOString(),
      timezone: meeting.timezone,
      suggested_author_name: suggestedAuthorName(meeting),
      already_reviewed: meeting.reviewed,
    };
  }

  async leave(token: string, dto: Omit<LeaveReviewDto, 'token'>): Promise<ReviewLeftDto> {
    const meeting = await this.meetingOf(token);
    const left = await this.repository.insertAppointmentReview({
      appointmentId: meeting.id,
      userId: meeting.user_id,
      attendeeId: meeting.attendee_id,
      rating: dto.rating,
      comment: dto.comment?.trim() || null,
      authorName: dto.author_name.trim(),
    });
    if (!left)
      throw new ConflictError('REVIEW_ALREADY_LEFT', 'Vous avez déjà donné votre avis sur ce rendez-vous.');
    return { message: 'Merci ! Votre avis sera publié après relecture.' };
  }

  /** The meeting of an authentic, unexpired link, once it took place; 404 otherwise (nothing told apart). */
  private async meetingOf(token: string): Promise<ReviewableAppointment> {
    const appointmentId = this.links.verify(token, this.clock.now().getTime())?.r;
    if (typeof appointmentId !== 'string') throw invalidLink();
    const meeting = await this.repository.reviewableAppointment(appointmentId);
    if (
      !meeting ||
      !meeting.booked_by_client ||
      meeting.status !== 'confirmed' ||
      new Date(meeting.ends_at) > this.clock.now()
    )
      throw invalidLink();
    return meeting;
  }
}

export function professionalName(
  meeting: Pick<ReviewableAppointment, 'professional_civility' | 'professional_name'>,
) {
  return meeting.professional_civility
    ? `${meeting.professional_civility} ${meeting.professional_name}`
    : meeting.professional_name;
}

/** "Julien M.": the first name and the initial, what review sites show by default. */
function suggestedAuthorName(meeting: ReviewableAppointment): string {
  const first = meeting.attendee_first_name?.trim();
  const initial = meeting.attendee_last_name?.trim().charAt(0);
  if (!first) return '';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
