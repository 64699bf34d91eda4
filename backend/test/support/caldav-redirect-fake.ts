import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Two loopback HTTP servers for the CalDAV address rule: `server` answers CalDAV discovery (the address the
 * lawyer typed) and points elsewhere at a chosen step; `elsewhere` is the other host it points at, and only
 * records what it receives (method, path, Authorization header). A correct client sends it nothing.
 */
export type Detour =
  /** /.well-known/caldav answers 301 to the other host */
  | 'well-known-redirect'
  /** the principal's href is an absolute URL on the other host */
  | 'principal-href'
  /** the calendar home set's href is on the other host */
  | 'home-href'
  /** the listed calendar's href is on the other host */
  | 'calendar-href'
  /** nothing points elsewhere: an ordinary single-host server */
  | 'none';

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | null;
}

export interface CalDavDetourFake {
  /** the typed server's address */
  url: string;
  /** the other host's address */
  elsewhereUrl: string;
  detour: Detour;
  /** what the typed server received */
  received: ReceivedRequest[];
  /** what the other host received */
  receivedElsewhere: ReceivedRequest[];
  stop(): Promise<void>;
}

const multistatus = (responses: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">' +
  responses +
  '</d:multistatus>';

const propResponse = (href: string, props: string) =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop>` +
  '<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>';

function record(request: IncomingMessage): ReceivedRequest {
  return {
    method: request.method ?? '',
    path: request.url ?? '',
    authorization: request.headers.authorization ?? null,
  };
}

async function listen(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts both servers; `ports` are the fixed ports to use (0: any free port). */
export async function startCalDavDetourFake(
  ports: { server: number; elsewhere: number } = { server: 0, elsewhere: 0 },
): Promise<CalDavDetourFake> {
  const received: ReceivedRequest[] = [];
  const receivedElsewhere: ReceivedRequest[] = [];
  const elsewhere = createServer((request, response) => {
    receivedElsewhere.push(record(request));
    request.resume();
    response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(multistatus(''));
  });
  const elsewhereUrl = await listen(elsewhere, ports.elsewhere);

  const fake: CalDavDetourFake = {
    url: '',
    elsewhereUrl,
    detour: 'none',
    received,
    receivedElsewhere,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => elsewhere.close(resolve));
    },
  };
  const at = (detour: Detour, path: string) => (fake.detour === detour ? `${elsewhereUrl}${path}` : path);

  const server = createServer((request, response) => {
    received.push(record(request));
    request.resume();
    const path = (request.url ?? '/').split('?')[0]!;
    const xml = (body: string) =>
      response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(multistatus(body));
    if (path === '/.well-known/caldav') {
      if (fake.detour === 'well-known-redirect') {
        response.writeHead(301, { location: `${elsewhereUrl}/dav/` }).end();
      } else {
        response.writeHead(404).end();
      }
      return;
    }
    if (!request.headers.authorization) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="fake"' }).end();
      return;
    }
    if (path === '/' || path === '/dav/') {
      xml(
        propResponse(
          path,
          `<d:current-user-principal><d:href>${at('principal-href', '/principals/camille/')}</d:href></d:current-user-principal>`,
        ),
      );
      return;
    }
    if (path === '/principals/camille/') {
      xml(
        propResponse(
          path,
          `<c:calendar-home-set><d:href>${at('home-href', '/calendars/camille/')}</d:href></c:calendar-home-set>`,
        ),
      );
      return;
    }
    if (path === '/calendars/camille/') {
      xml(
        propResponse(path, '<d:resourcetype><d:collection/></d:resourcetype>') +
          propResponse(
            at('calendar-href', '/calendars/camille/cabinet/'),
            '<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Cabinet</d:displayname>' +
              '<c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>' +
              '<cs:getctag>ctag-1</cs:getctag><d:sync-token>token-1</d:sync-token>',
          ),
      );
      return;
    }
    if (path.startsWith('/calendars/camille/cabinet/')) {
      xml(
        propResponse(
          '/calendars/camille/cabinet/',
          '<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><cs:getctag>ctag-1</cs:getctag>' +
            '<d:sync-token>token-1</d:sync-token>',
        ),
      );
      return;
    }
    response.writeHead(404).end();
  });
  fake.url = await listen(server, ports.server);
  return fake;
}
