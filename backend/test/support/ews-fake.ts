// The e2e journey imports this file too: the reference brings js-md4's declaration along.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./js-md4.d.ts" />
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrayBuffer as md4 } from 'js-md4';

/**
 * A loopback fake of an on-premise Exchange server's EWS endpoint (SOAP over http, /EWS/Exchange.asmx), for
 * the real `ews-javascript-api`. It answers what the adapter sends: GetFolder (the calendar folder, also the
 * credentials check), FindItem with a CalendarView (occurrences in the range), SyncFolderItems (sync states
 * it can forget), CreateItem / GetItem / UpdateItem / DeleteItem of calendar items, and 401 to a wrong login,
 * in Basic or in NTLM (it plays the NTLMv2 challenge and checks the client's proof against the password).
 */
export type FreeBusy = 'Free' | 'Tentative' | 'Busy' | 'OOF' | 'WorkingElsewhere';

export interface FakeExchangeItem {
  id: string;
  subject: string;
  start: string;
  end: string;
  freeBusy: FreeBusy;
  isAllDay?: boolean;
  uid?: string;
  body?: string;
  location?: string;
}

export interface EwsFake {
  /** the EWS endpoint, http://127.0.0.1:port/EWS/Exchange.asmx */
  url: string;
  folderId: string;
  putItem(item: Omit<FakeExchangeItem, 'id'> & { id?: string }): FakeExchangeItem;
  removeItem(id: string): void;
  items(): FakeExchangeItem[];
  /** The SOAP operations received, in order (GetFolder, FindItem, ...), with the invitation modes sent. */
  operations: { name: string; sendInvitations: string | null }[];
  setPassword(password: string): void;
  /** Forget every sync state handed out: the next SyncFolderItems from one answers ErrorInvalidSyncStateData. */
  forgetSyncStates(): void;
  stop(): Promise<void>;
}

const TYPES_NS = 'http://schemas.microsoft.com/exchange/services/2006/types';
const MESSAGES_NS = 'http://schemas.microsoft.com/exchange/services/2006/messages';

export async function startEwsFake(options: {
  username: string;
  password: string;
  auth: 'basic' | 'ntlm';
  folderName?: string;
}): Promise<EwsFake> {
  let password = options.password;
  const folderId = `AAMkAD${randomBytes(12).toString('base64url')}AAA=`;
  const items = new Map<string, FakeExchangeItem & { changeKey: string; version: number }>();
  /** item id -> version of its deletion */
  const deleted = new Map<string, number>();
  let version = 1;
  let stateEpoch = randomBytes(4).toString('hex');
  const operations: EwsFake['operations'] = [];
  const challenge = randomBytes(8);

  const newChangeKey = () => `DwAAABYA${randomBytes(6).toString('base64url')}`;
  const put = (item: Omit<FakeExchangeItem, 'id'> & { id?: string }): FakeExchangeItem => {
    const id = item.id ?? `AAMkADitem${randomBytes(9).toString('base64url')}`;
    const stored = { ...item, id, changeKey: newChangeKey(), version: ++version };
    items.set(id, stored);
    deleted.delete(id);
    return stored;
  };

  const authorised = (req: IncomingMessage, res: ServerResponse): boolean => {
    const header = req.headers.authorization ?? '';
    if (options.auth === 'basic') {
      const [user, pass] = splitOnce(Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8'));
      if (header.startsWith('Basic ') && user === options.username && pass === password) return true;
      res.writeHead(401, { 'www-authenticate': 'Basic realm="mail.cabinet.test"' }).end();
      return false;
    }
    const token = /^NTLM (\S+)$/.exec(header)?.[1];
    const message = token ? Buffer.from(token, 'base64') : null;
    const type = message && message.length >= 12 ? message.readUInt32LE(8) : 0;
    if (type === 1) {
      res.writeHead(401, { 'www-authenticate': `NTLM ${type2Message(challenge).toString('base64')}` }).end();
      return false;
    }
    if (type === 3 && message && ntlmv2Valid(message, challenge, options.username, password)) return true;
    res.writeHead(401, { 'www-authenticate': 'NTLM' }).end();
    return false;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!authorised(req, res)) return;
      if (req.method !== 'POST' || req.url !== '/EWS/Exchange.asmx') {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const operation = /<soap:Body><m:(\w+)/.exec(body)?.[1] ?? 'unknown';
      operations.push({
        name: operation,
        sendInvitations:
          /Send(?:Meeting)?(?:Invitations|Cancellations|InvitationsOrCancellations)="(\w+)"/.exec(
            body,
          )?.[1] ?? null,
      });
      const answer = handle(operation, body);
      res
        .writeHead(answer ? 200 : 500, { 'content-type': 'text/xml; charset=utf-8' })
        .end(
          envelope(
            answer ??
              `<s:Fault><faultcode>s:Client</faultcode><faultstring>${operation}</faultstring></s:Fault>`,
          ),
        );
    });
  });

  function handle(operation: string, body: string): string | null {
    switch (operation) {
      case 'GetFolder':
        return response(
          'GetFolder',
          `<m:Folders><t:CalendarFolder><t:FolderId Id="${folderId}" ChangeKey="AgAAAA=="/><t:DisplayName>${escapeXml(options.folderName ?? 'Calendrier')}</t:DisplayName></t:CalendarFolder></m:Folders>`,
        );
      case 'FindItem': {
        const view = /<m:CalendarView StartDate="([^"]+)" EndDate="([^"]+)"/.exec(body);
        if (!view || !body.includes(`<t:FolderId Id="${folderId}"`)) return null;
        const [from, to] = [Date.parse(view[1]), Date.parse(view[2])];
        const inView = [...items.values()].filter(
          (i) => Date.parse(i.start) < to && Date.parse(i.end) > from,
        );
        return response(
          'FindItem',
          `<m:RootFolder TotalItemsInView="${inView.length}" IncludesLastItemInRange="true"><t:Items>${inView
            .map(
              (i) =>
                `<t:CalendarItem><t:ItemId Id="${i.id}" ChangeKey="${i.changeKey}"/>${i.uid ? `<t:UID>${escapeXml(i.uid)}</t:UID>` : ''}<t:Start>${iso(i.start)}</t:Start><t:End>${iso(i.end)}</t:End><t:IsAllDayEvent>${i.isAllDay ? 'true' : 'false'}</t:IsAllDayEvent><t:LegacyFreeBusyStatus>${i.freeBusy}</t:LegacyFreeBusyStatus><t:IsCancelled>false</t:IsCancelled></t:CalendarItem>`,
            )
            .join('')}</t:Items></m:RootFolder>`,
        );
      }
      case 'SyncFolderItems': {
        const given = /<m:SyncState>([^<]*)<\/m:SyncState>/.exec(body)?.[1] ?? null;
        let since = 0;
        if (given) {
          const [epoch, v] = given.split('.');
          if (epoch !== stateEpoch) {
            return errorResponse(
              'SyncFolderItems',
              'ErrorInvalidSyncStateData',
              'Synchronization state data is corrupt or otherwise invalid.',
            );
          }
          since = Number(v);
        }
        const created = [...items.values()].filter((i) => i.version > since);
        const gone = [...deleted].filter(([, v]) => v > since).map(([id]) => id);
        return response(
          'SyncFolderItems',
          `<m:SyncState>${stateEpoch}.${version}</m:SyncState><m:IncludesLastItemInRange>true</m:IncludesLastItemInRange><m:Changes>${created
            .map(
              (i) =>
                `<t:Create><t:CalendarItem><t:ItemId Id="${i.id}" ChangeKey="${i.changeKey}"/></t:CalendarItem></t:Create>`,
            )
            .join(
              '',
            )}${gone.map((id) => `<t:Delete><t:ItemId Id="${id}" ChangeKey="x"/></t:Delete>`).join('')}</m:Changes>`,
        );
      }
      case 'CreateItem': {
        if (!body.includes(`<t:FolderId Id="${folderId}"`)) return null;
        const item = put({
          subject: field(body, 'Subject') ?? '',
          body: field(body, 'Body') ?? undefined,
          location: field(body, 'Location') ?? undefined,
          start: new Date(field(body, 'Start')!).toISOString(),
          end: new Date(field(body, 'End')!).toISOString(),
          uid: field(body, 'UID') ?? undefined,
          freeBusy: (field(body, 'LegacyFreeBusyStatus') as FreeBusy) ?? 'Busy',
        });
        return response('CreateItem', `<m:Items>${itemIdXml(item.id)}</m:Items>`);
      }
      case 'GetItem': {
        const id = /<t:ItemId Id="([^"]+)"/.exec(body)?.[1] ?? '';
        if (!items.has(id))
          return errorResponse(
            'GetItem',
            'ErrorItemNotFound',
            'The specified object was not found in the store.',
            '<m:Items/>',
          );
        return response('GetItem', `<m:Items>${itemIdXml(id)}</m:Items>`);
      }
      case 'UpdateItem': {
        const id = /<t:ItemId Id="([^"]+)"/.exec(body)?.[1] ?? '';
        const current = items.get(id);
        if (!current)
          return errorResponse(
            'UpdateItem',
            'ErrorItemNotFound',
            'The specified object was not found in the store.',
            '<m:Items/>',
          );
        const start = field(body, 'Start');
        const end = field(body, 'End');
        put({
          ...current,
          id,
          subject: field(body, 'Subject') ?? current.subject,
          body: field(body, 'Body') ?? current.body,
          location: field(body, 'Location') ?? current.location,
          start: start ? new Date(start).toISOString() : current.start,
          end: end ? new Date(end).toISOString() : current.end,
        });
        return response(
          'UpdateItem',
          `<m:Items>${itemIdXml(id)}</m:Items><m:ConflictResults><t:Count>0</t:Count></m:ConflictResults>`,
        );
      }
      case 'DeleteItem': {
        const id = /<t:ItemId Id="([^"]+)"/.exec(body)?.[1] ?? '';
        if (!items.delete(id))
          return errorResponse(
            'DeleteItem',
            'ErrorItemNotFound',
            'The specified object was not found in the store.',
          );
        deleted.set(id, ++version);
        return response('DeleteItem', '');
      }
      default:
        return null;
    }
  }

  function itemIdXml(id: string): string {
    return `<t:CalendarItem><t:ItemId Id="${id}" ChangeKey="${items.get(id)?.changeKey ?? 'x'}"/></t:CalendarItem>`;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/EWS/Exchange.asmx`,
    folderId,
    putItem: put,
    removeItem(id) {
      if (items.delete(id)) deleted.set(id, ++version);
    },
    items: () => [...items.values()].map(({ changeKey: _c, version: _v, ...item }) => item),
    operations,
    setPassword(next) {
      password = next;
    },
    forgetSyncStates() {
      stateEpoch = randomBytes(4).toString('hex');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><h:ServerVersionInfo MajorVersion="15" MinorVersion="2" MajorBuildNumber="1544" MinorBuildNumber="4" Version="V2017_07_11" xmlns:h="${TYPES_NS}" xmlns="${TYPES_NS}"/></s:Header><s:Body>${body}</s:Body></s:Envelope>`;
}

function response(operation: string, content: string): string {
  return `<m:${operation}Response xmlns:m="${MESSAGES_NS}" xmlns:t="${TYPES_NS}"><m:ResponseMessages><m:${operation}ResponseMessage ResponseClass="Success"><m:ResponseCode>NoError</m:ResponseCode>${content}</m:${operation}ResponseMessage></m:ResponseMessages></m:${operation}Response>`;
}

function errorResponse(operation: string, code: string, text: string, extra = ''): string {
  return `<m:${operation}Response xmlns:m="${MESSAGES_NS}" xmlns:t="${TYPES_NS}"><m:ResponseMessages><m:${operation}ResponseMessage ResponseClass="Error"><m:MessageText>${text}</m:MessageText><m:ResponseCode>${code}</m:ResponseCode><m:DescriptiveLinkKey>0</m:DescriptiveLinkKey>${extra}</m:${operation}ResponseMessage></m:ResponseMessages></m:${operation}Response>`;
}

/** The text of the first <t:NAME ...>…</t:NAME> of the request (one item per request here). */
function field(body: string, name: string): string | null {
  const match = new RegExp(`<t:${name}(?: [^>]*)?>([^<]*)</t:${name}>`).exec(body);
  return match ? unescapeXml(match[1]) : null;
}

function iso(value: string): string {
  return new Date(value).toISOString().replace(/\.000Z$/, 'Z');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function splitOnce(text: string): [string, string] {
  const at = text.indexOf(':');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

// ---- NTLM (MS-NLMP): the server side of the handshake, enough to check an NTLMv2 proof --------------------

const NTLM_FLAGS =
  0x00000001 /* unicode */ |
  0x00000004 /* request target */ |
  0x00000200 /* NTLM */ |
  0x00080000 /* extended session security (NTLM2 key) */ |
  0x00800000; /* target info */

function type2Message(challenge: Buffer): Buffer {
  const target = Buffer.from('CABINET', 'utf16le');
  const info = Buffer.concat([avPair(2, target), avPair(0, Buffer.alloc(0))]);
  const header = Buffer.alloc(48);
  header.write('NTLMSSP\0', 0, 'ascii');
  header.writeUInt32LE(2, 8);
  header.writeUInt16LE(target.length, 12);
  header.writeUInt16LE(target.length, 14);
  header.writeUInt32LE(48, 16);
  header.writeUInt32LE(NTLM_FLAGS, 20);
  challenge.copy(header, 24);
  header.writeUInt16LE(info.length, 40);
  header.writeUInt16LE(info.length, 42);
  header.writeUInt32LE(48 + target.length, 44);
  return Buffer.concat([header, target, info]);
}

function avPair(id: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(id, 0);
  head.writeUInt16LE(value.length, 2);
  return Buffer.concat([head, value]);
}

/** NTProofStr = HMAC-MD5(NTOWFv2, serverChallenge ‖ blob), NTOWFv2 = HMAC-MD5(MD4(password), UPPER(user) ‖ domain). */
function ntlmv2Valid(message: Buffer, challenge: Buffer, expectedLogin: string, password: string): boolean {
  const slice = (lengthAt: number) =>
    message.subarray(
      message.readUInt32LE(lengthAt + 4),
      message.readUInt32LE(lengthAt + 4) + message.readUInt16LE(lengthAt),
    );
  const ntResponse = slice(20);
  const domain = slice(28).toString('utf16le');
  const user = slice(36).toString('utf16le');
  const login = domain ? `${domain}\\${user}` : user;
  if (login.toLowerCase() !== expectedLogin.toLowerCase() || ntResponse.length <= 16) return false;
  const ntHash = Buffer.from(md4(Buffer.from(password, 'utf16le')));
  const v2Hash = createHmac('md5', ntHash)
    .update(Buffer.from(user.toUpperCase() + domain, 'utf16le'))
    .digest();
  const proof = createHmac('md5', v2Hash)
    .update(Buffer.concat([challenge, ntResponse.subarray(16)]))
    .digest();
  return proof.equals(ntResponse.subarray(0, 16));
}
