import { Injectable } from '@nestjs/common';
import { ConflictError, ForbiddenError, InvalidFieldsError, NotFoundError } from '../../common/domain-error';
import { uniqueViolation } from '../../common/database-errors';
import { deployedOfficeIdentifier } from '../../common/office-identifier';
import { Transactions } from '../../database/database.module';
import type { DbOrTx } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { freeTeamUri } from '../directory';
import { GeocodingRequests } from '../geocoding';
import { PicturesService } from '../media';
import type { FileUpload } from '../../common/multipart-upload';
import { OutboxService } from '../outbox';
import type { CreateOfficeDto, MyOfficeDetailsDto, MyOfficeDto, UpdateOfficeDto } from './offices.dto';
import { OfficesRepository, type OfficeChanges, type OfficeRow } from './offices.repository';

export const OFFICE_JOIN_REQUESTED_JOB = 'office.join-requested';
export const OFFICE_JOIN_ANSWERED_JOB = 'office.join-answered';

export interface OfficeJoinRequestedPayload {
  teamId: string;
  officeName: string;
  requesterId: string;
  requesterName: string;
  requesterEmail: string;
  requestedAt: string;
}

export interface OfficeJoinAnsweredPayload {
  teamId: string;
  officeName: string;
  requesterId: string;
  requesterEmail: string;
  accepted: boolean;
  /** When the request was made: with the requester, it names this one answer (a later request gets its own mail). */
  requestedAt: string;
}

/** The contract text, shown by the UIs in the sector's words ("Un cabinet avec ce SIRET existe déjà") on the number's field. */
const EXT_ID_TAKEN = () => new ConflictError('EXT_ID_ALREADY_EXISTS', 'ext_id already exists');
const ALREADY_IN_OFFICE = () =>
  new ConflictError('ALREADY_IN_OFFICE', 'Vous faites déjà partie d’un cabinet : quittez-le d’abord');
const NO_OFFICE = () => new NotFoundError('NO_OFFICE', 'Vous n’êtes rattaché à aucun cabinet');
const NOT_MANAGER = () =>
  new ForbiddenError('NOT_OFFICE_MANAGER', 'Seul le responsable du cabinet peut faire cette modification');
const MEMBER_NOT_FOUND = () => new NotFoundError('OFFICE_MEMBER_NOT_FOUND', 'Membre du cabinet introuvable');
const REQUEST_NOT_FOUND = () =>
  new NotFoundError('JOIN_REQUEST_NOT_FOUND', 'Cette demande n’est plus en attente');
const USER_NOT_FOUND = () => new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');

/**
 * "Mon cabinet" (/user/mon-etude): a professional creates an office (and manages it) or asks to join one by its
 * registration number; the manager edits the office, answers requests, removes members and hands the office over. An office an
 * administrator created has no manager until one of its members edits it: that member takes it over.
 */
@Injectable()
export class OfficesService {
  constructor(
    private readonly repository: OfficesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: OutboxService,
    private readonly pictures: PicturesService,
    private readonly geocoding: GeocodingRequests,
  ) {}

  /** `db`: a transaction whose writes the answer must show (e.g. an idempotent request's, committed after). */
  async myOffice(userId: string, db?: DbOrTx): Promise<MyOfficeDto> {
    const membership = await this.repository.membershipOf(userId, db);
    if (!membership) throw USER_NOT_FOUND();
    if (membership.team_id) {
      const office = await this.repository.findOffice(membership.team_id, db);
      if (office) return { office: await this.officeView(office, userId, db), pending_request: null };
    }
    if (membership.requested_team_id && membership.team_requested_at) {
      const office = await this.repository.findOffice(membership.requested_team_id, db);
      if (office) {
        return {
          office: null,
          pending_request: {
            teamUri: office.team_uri,
            name: office.name,
            ext_id: office.ext_id,
            requested_at: new Date(membership.team_requested_at).toISOString(),
          },
        };
      }
    }
    return { office: null, pending_request: null };
  }

  async create(userId: string, dto: CreateOfficeDto): Promise<MyOfficeDto> {
    if (await this.repository.officeIdByExtId(dto.ext_id)) throw EXT_ID_TAKEN();
    const cityId = await this.cityId(dto.city_uri);
    const teamUri = await freeTeamUri(dto.name, (uri) => this.repository.teamUriTaken(uri));
    try {
      // The answer is read in the transaction: under an Idempotency-Key it commits only with the recorded answer.
      return await this.transactions.run(async (tx) => {
        const membership = await this.repository.membershipOf(userId, tx, true);
        if (!membership) throw USER_NOT_FOUND();
        if (membership.team_id) throw ALREADY_IN_OFFICE();
        const teamId = await this.repository.insertOffice(tx, {
          name: dto.name,
          extId: dto.ext_id,
          teamUri,
          presentation: dto.presentation ?? null,
          street: dto.street ?? null,
          postalCode: dto.postal_code ?? null,
          cityId: cityId ?? null,
          phone: dto.phone ?? null,
          email: dto.email?.toLowerCase() ?? null,
          managerId: userId,
        });
        await this.repository.setMembership(tx, userId, teamId);
        // The office's address is placed by the geocoder; its creator follows it (their office changed).
        await this.geocoding.request(tx, { teamId });
        await this.geocoding.request(tx, { userId });
        return this.myOffice(userId, tx);
      });
    } catch (error) {
      // Two offices created with one number at the same moment: the index decides, the loser gets the same 409.
      const constraint = uniqueViolation(error);
      if (constraint?.includes('ext_id')) throw EXT_ID_TAKEN();
      if (constraint?.includes('team_uri'))
        throw new ConflictError(
          'TEAM_URI_ALREADY_EXISTS',
          'Un cabinet du même nom vient d’être créé, réessayez',
        );
      throw error;
    }
  }

  async update(userId: string, dto: UpdateOfficeDto): Promise<MyOfficeDto> {
    if (dto.ext_id) {
      const owner = await this.repository.officeIdByExtId(dto.ext_id);
      const membership = await this.repository.membershipOf(userId);
      if (owner && owner !== membership?.team_id) throw EXT_ID_TAKEN();
    }
    const cityId = dto.city_uri === undefined ? undefined : await this.cityId(dto.city_uri);
    const changes: OfficeChanges = {
      name: dto.name,
      extId: dto.ext_id,
      presentation: dto.presentation,
      street: dto.street,
      postalCode: dto.postal_code,
      cityId: dto.city_uri === undefined ? undefined : (cityId ?? null),
      phone: dto.phone,
      email: dto.email === undefined ? undefined : (dto.email?.toLowerCase() ?? null),
    };
    try {
      await this.asManager(userId, async (tx, office) => {
        await this.repository.updateOffice(tx, office.id, changes);
        if (changes.street !== undefined || changes.postalCode !== undefined || changes.cityId !== undefined)
          await this.geocoding.request(tx, { teamId: office.id });
      });
    } catch (error) {
      if (uniqueViolation(error)?.includes('ext_id')) throw EXT_ID_TAKEN();
      throw error;
    }
    return this.myOffice(userId);
  }

  async requestToJoin(userId: string, extId: string): Promise<MyOfficeDto> {
    const teamId = await this.repository.officeIdByExtId(extId);
    if (!teamId)
      throw new InvalidFieldsError('OFFICE_NOT_FOUND', {
        ext_id: deployedOfficeIdentifier().unknown,
      });
    await this.transactions.run(async (tx) => {
      const membership = await this.repository.membershipOf(userId, tx, true);
      if (!membership) throw USER_NOT_FOUND();
      if (membership.team_id) throw ALREADY_IN_OFFICE();
      // Asking again for the same office changes nothing and mails nobody a second time.
      if (membership.requested_team_id === teamId) return;
      const office = await this.repository.findOffice(teamId, tx);
      if (!office)
        throw new InvalidFieldsError('OFFICE_NOT_FOUND', {
          ext_id: deployedOfficeIdentifier().unknown,
        });
      const requestedAt = new Date();
      await this.repository.setJoinRequest(tx, userId, { teamId, at: requestedAt });
      const payload: OfficeJoinRequestedPayload = {
        teamId,
        requestedAt: requestedAt.toISOString(),
        officeName: office.name,
        requesterId: userId,
        requesterName: `${membership.first_name} ${membership.last_name}`.trim(),
        requesterEmail: membership.email,
      };
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: OFFICE_JOIN_REQUESTED_JOB,
        payload: { ...payload },
      });
    });
    return this.myOffice(userId);
  }

  async cancelJoinRequest(userId: string): Promise<MyOfficeDto> {
    await this.transactions.run(async (tx) => {
      const membership = await this.repository.membershipOf(userId, tx, true);
      if (!membership) throw USER_NOT_FOUND();
      await this.repository.setJoinRequest(tx, userId, null);
    });
    return this.myOffice(userId);
  }

  async answerJoinRequest(userId: string, requesterId: string, accepted: boolean): Promise<MyOfficeDto> {
    await this.asManager(userId, async (tx, office) => {
      const requester = await this.repository.lockJoinRequest(tx, office.id, requesterId);
      const membership = requester ? await this.repository.membershipOf(requesterId, tx) : undefined;
      if (!requester || !membership?.team_requested_at) throw REQUEST_NOT_FOUND();
      if (accepted) {
        await this.repository.setMembership(tx, requesterId, office.id);
        await this.geocoding.request(tx, { userId: requesterId });
      } else await this.repository.setJoinRequest(tx, requesterId, null);
      const payload: OfficeJoinAnsweredPayload = {
        teamId: office.id,
        officeName: office.name,
        requesterId,
        requesterEmail: requester.email,
        accepted,
        requestedAt: new Date(membership.team_requested_at).toISOString(),
      };
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: OFFICE_JOIN_ANSWERED_JOB,
        payload: { ...payload },
      });
    });
    return this.myOffice(userId);
  }

  /** A member leaves (memberId = the caller) or the manager removes one. */
  async removeMember(userId: string, memberId: string): Promise<MyOfficeDto> {
    if (memberId === userId) {
      await this.transactions.run(async (tx) => {
        const membership = await this.repository.membershipOf(userId, tx, true);
        if (!membership?.team_id) throw NO_OFFICE();
        const office = await this.repository.findOffice(membership.team_id, tx, true);
        if (office?.manager_id === userId) {
          if ((await this.repository.countMembers(tx, office.id)) > 1)
            throw new ConflictError(
              'OFFICE_MANAGER_MUST_HAND_OVER',
              'Confiez d’abord la gestion du cabinet à un autre membre',
            );
          await this.repository.setManager(tx, office.id, null);
        }
        await this.repository.setMembership(tx, userId, null);
        await this.geocoding.request(tx, { userId });
      });
      return this.myOffice(userId);
    }
    await this.asManager(userId, async (tx, office) => {
      if (!(await this.repository.isMember(tx, office.id, memberId))) throw MEMBER_NOT_FOUND();
      await this.repository.setMembership(tx, memberId, null);
      await this.geocoding.request(tx, { userId: memberId });
    });
    return this.myOffice(userId);
  }

  async handOver(userId: string, memberId: string): Promise<MyOfficeDto> {
    await this.asManager(userId, async (tx, office) => {
      if (!(await this.repository.isMember(tx, office.id, memberId))) throw MEMBER_NOT_FOUND();
      await this.repository.setManager(tx, office.id, memberId);
    });
    return this.myOffice(userId);
  }

  async setPicture(userId: string, upload: FileUpload): Promise<MyOfficeDto> {
    // Rights first, so a refused caller's file is not even read; the row is written after the files exist.
    const office = await this.asManager(userId, async (_tx, row) => row);
    const url = await this.pictures.store(upload);
    const result = await this.repository.setPicture(office.id, url);
    if (result?.previous !== url) await this.pictures.release(result ? result.previous : url);
    return this.myOffice(userId);
  }

  async removePicture(userId: string): Promise<MyOfficeDto> {
    const office = await this.asManager(userId, async (_tx, row) => row);
    const result = await this.repository.setPicture(office.id, null);
    if (result) await this.pictures.release(result.previous);
    return this.myOffice(userId);
  }

  /**
   * Runs `work` in a transaction holding the caller's office row locked, once the caller is known to manage it.
   * Nobody managing the office yet (created by an administrator): the caller takes it over.
   */
  private asManager<T>(userId: string, work: (tx: DbOrTx, office: OfficeRow) => Promise<T>): Promise<T> {
    return this.transactions.run(async (tx) => {
      const membership = await this.repository.membershipOf(userId, tx);
      if (!membership) throw USER_NOT_FOUND();
      if (!membership.team_id) throw NO_OFFICE();
      const office = await this.repository.findOffice(membership.team_id, tx, true);
      if (!office) throw NO_OFFICE();
      if (office.manager_id === null) {
        await this.repository.setManager(tx, office.id, userId);
        office.manager_id = userId;
      }
      if (office.manager_id !== userId) throw NOT_MANAGER();
      return work(tx, office);
    });
  }

  private async officeView(office: OfficeRow, userId: string, db?: DbOrTx): Promise<MyOfficeDetailsDto> {
    const canManage = office.manager_id === null || office.manager_id === userId;
    const members = await this.repository.members(office.id, db);
    const requests = canManage ? await this.repository.joinRequests(office.id, db) : [];
    return {
      id: office.id,
      teamUri: office.team_uri,
      name: office.name,
      ext_id: office.ext_id,
      presentation: office.presentation,
      street: office.street,
      postal_code: office.postal_code,
      city: office.city_uri && office.city_name ? { cityUri: office.city_uri, name: office.city_name } : null,
      phone: office.phone,
      email: office.email,
      picture: office.picture,
      manager_id: office.manager_id,
      can_manage: canManage,
      members: members.map((member) => ({
        id: member.id,
        first_name: member.first_name,
        last_name: member.last_name,
        userUri: member.user_uri,
        picture: member.picture,
        is_manager: member.id === office.manager_id,
        listed: member.listed,
      })),
      join_requests: requests.map((request) => ({
        id: request.id,
        first_name: request.first_name,
        last_name: request.last_name,
        email: request.email,
        requested_at: new Date(request.team_requested_at).toISOString(),
      })),
    };
  }

  private async cityId(cityUri: string | null | undefined): Promise<number | null> {
    if (!cityUri) return null;
    const id = await this.repository.cityIdByUri(cityUri);
    if (id === undefined) throw new InvalidFieldsError('VALIDATION_FAILED', { city_uri: 'Commune inconnue' });
    return id;
  }
}
