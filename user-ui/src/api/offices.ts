import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';
import { type OnUploadProgress, uploadFromSpace } from './profile';

/** GET /users/{id}/office: the professional's office, or their pending request to join one, or neither. */
export type MyOffice = Schemas['MyOfficeDto'];
export type Office = Schemas['MyOfficeDetailsDto'];
export type OfficeMember = Schemas['OfficeMemberDto'];
export type OfficePayload = Schemas['CreateOfficeDto'];

const path = (id: string) => ({ params: { path: { id } } });

/** "Mon cabinet": every call answers the whole office as the caller now sees it. */
export const officesApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/office', { ...path(userId), signal })),
  /** `idempotencyKey`: one per filled form, so a double submit creates one office. */
  create: (userId: string, payload: OfficePayload, idempotencyKey: string) =>
    unwrap(
      api.POST('/api/v1/users/{id}/office', {
        params: { path: { id: userId }, header: { 'Idempotency-Key': idempotencyKey } },
        body: payload,
      }),
    ),
  update: (userId: string, payload: Partial<OfficePayload>) =>
    unwrap(api.PUT('/api/v1/users/{id}/office', { ...path(userId), body: payload })),
  requestToJoin: (userId: string, officeNumber: string) =>
    unwrap(
      api.POST('/api/v1/users/{id}/office/join-request', { ...path(userId), body: { ext_id: officeNumber } }),
    ),
  cancelJoinRequest: (userId: string) =>
    unwrap(api.DELETE('/api/v1/users/{id}/office/join-request', path(userId))),
  acceptJoinRequest: (userId: string, requesterId: string) =>
    unwrap(
      api.POST('/api/v1/users/{id}/office/join-requests/{requesterId}/accept', {
        params: { path: { id: userId, requesterId } },
      }),
    ),
  refuseJoinRequest: (userId: string, requesterId: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/office/join-requests/{requesterId}', {
        params: { path: { id: userId, requesterId } },
      }),
    ),
  /** Leaves the office (memberId = the caller) or removes a member (manager). */
  removeMember: (userId: string, memberId: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/office/members/{memberId}', {
        params: { path: { id: userId, memberId } },
      }),
    ),
  handOver: (userId: string, memberId: string) =>
    unwrap(api.PUT('/api/v1/users/{id}/office/manager', { ...path(userId), body: { member_id: memberId } })),
  setPicture: (userId: string, file: Blob, onProgress?: OnUploadProgress) =>
    uploadFromSpace<MyOffice>(
      'PUT',
      `/api/v1/users/${encodeURIComponent(userId)}/office/picture`,
      file,
      onProgress,
    ),
  removePicture: (userId: string) => unwrap(api.DELETE('/api/v1/users/{id}/office/picture', path(userId))),
};
