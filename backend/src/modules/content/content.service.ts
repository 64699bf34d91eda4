import { Transactions } from '../../database/database.module';
import { Injectable } from '@nestjs/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import { ReferenceService } from '../reference';
import { ReviewsService } from '../reviews';
import { sanitizeArticleHtml } from './article-html';
import type {
  ArticleDto,
  ArticleListDto,
  ArticleSummaryDto,
  CreateRegistrationRequestDto,
  PageQueryDto,
  RegistrationRequestCreatedDto,
  ResolvedRedirectDto,
  ReviewListDto,
} from './content.dto';
import { ContentRepository } from './content.repository';

export const REGISTRATION_REQUEST_JOB = 'registration-request.received';
export const REGISTRATION_REQUEST_MESSAGE =
  'Votre demande d’inscription a bien été envoyée. Notre équipe vous recontacte très rapidement.';
const ALLOWED_PHONE_COUNTRIES = ['FR', 'BE', 'CH'] as const;

function iso(date: Date | null): string {
  return (date ?? new Date(0)).toISOString();
}

/** E.164 form of a FR / BE / CH number, or undefined. Numbers without a prefix are read as French. */
export function normalizePhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw, 'FR');
  if (!parsed || !parsed.isValid()) return undefined;
  if (!parsed.country || !(ALLOWED_PHONE_COUNTRIES as readonly string[]).includes(parsed.country))
    return undefined;
  return parsed.number;
}

@Injectable()
export class ContentService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly transactions: Transactions,
    private readonly reviews: ReviewsService,
    private readonly outbox: OutboxService,
    private readonly reference: ReferenceService,
  ) {}

  async articles(query: PageQueryDto): Promise<ArticleListDto> {
    const { rows, total } = await this.repository.publishedArticles(
      query.perPage,
      (query.page - 1) * query.perPage,
    );
    return {
      items: rows.map((row): ArticleSummaryDto => ({
        _id: row.id,
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        author: row.author,
        publishedAt: iso(row.publishedAt),
        updatedAt: iso(row.updatedAt),
      })),
      total,
      page: query.page,
      perPage: query.perPage,
    };
  }

  async article(idOrSlug: string): Promise<ArticleDto> {
    const key = /^\d{1,9}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
    // A slug may be all digits too: fall back to the slug when no article has that id.
    const row =
      (await this.repository.publishedArticle(key)) ??
      ('id' in key ? await this.repository.publishedArticle({ slug: idOrSlug }) : undefined);
    if (!row) throw new NotFoundError('ARTICLE_NOT_FOUND', 'Cet article est introuvable');
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      author: row.author,
      // Also sanitised on save; this covers rows written before the sanitiser existed.
      content: sanitizeArticleHtml(row.content),
      seoDescription: row.seoDescription,
      publishedAt: iso(row.publishedAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  async reviewsPage(query: PageQueryDto): Promise<ReviewListDto> {
    const [{ rows, total }, aggregate] = await Promise.all([
      this.repository.publishedReviews(query.perPage, (query.page - 1) * query.perPage),
      this.reviews.schemaRating(),
    ]);
    return {
      items: rows.map((row) => ({
        _id: row.id,
        rating: row.rating,
        comment: row.comment,
        authorName: row.authorName,
        publishedAt: iso(row.publishedAt ?? row.createdAt),
        professional: row.userPublic
          ? { userUri: row.userUri, first_name: row.firstName, last_name: row.lastName }
          : null,
      })),
      total,
      page: query.page,
      perPage: query.perPage,
      aggregate,
    };
  }

  /**
   * Saves the request and, in the same transaction, the job that mails the administrators. A
   * request from an email whose earlier one is still pending is that one: same answer, no new
   * row, no second mail.
   */
  async createRegistrationRequest(dto: CreateRegistrationRequestDto): Promise<RegistrationRequestCreatedDto> {
    const phone = normalizePhone(dto.phone);
    if (!phone)
      throw new DomainError('VALIDATION_FAILED', 'Veuillez renseigner un numéro de téléphone valide', 400);
    const values = {
      civility: dto.civility,
      firstName: dto.first_name,
      lastName: dto.last_name,
      email: dto.email.toLowerCase(),
      phone,
      officeName: dto.officeName ?? null,
      officeNumber: dto.officeNumber ?? null,
      referralCode: dto.referral_code ?? null,
      city: dto.city,
      message: dto.message ?? null,
    };
    const saved = await this.transactions.run(async (tx) => {
      const pending = await this.repository.lockPendingRegistrationRequest(tx, values.email);
      if (pending) return pending;
      const row = await this.repository.insertRegistrationRequest(tx, values);
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: REGISTRATION_REQUEST_JOB,
        payload: { registrationRequestId: row.id, ...values, createdAt: row.createdAt.toISOString() },
      });
      return row;
    });
    return { id: saved.id, message: REGISTRATION_REQUEST_MESSAGE };
  }

  /** The configured redirect of `path` (also tried without / with its trailing slash). */
  async resolveRedirect(path: string): Promise<ResolvedRedirectDto> {
    const variants = [path];
    if (path.length > 1) variants.push(path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : `${path}/`);
    const found = await this.repository.findRedirect(variants);
    if (found) return { to: found.toPath, status: found.status };
    // A renamed speciality: its old slug, last segment of a listing (/avocats/{city}/{slug},
    // /cabinet/{team}/{slug}), answers 301 to the page with the current slug.
    const segments = path.replace(/\/+$/, '').split('/');
    const last = segments.length === 4 ? segments[3] : undefined;
    if (last && /^[a-z0-9-]{1,120}$/.test(last)) {
      const current = await this.reference.currentSpecialitySlug(last);
      if (current) return { to: [...segments.slice(0, 3), current].join('/'), status: 301 };
    }
    throw new NotFoundError('REDIRECT_NOT_FOUND', 'Aucune redirection pour ce chemin');
  }
}
