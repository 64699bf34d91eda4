import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../notifications';
import { UNSUBSCRIBE_WHAT, UnsubscribeService } from './unsubscribe.service';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The `List-Unsubscribe` address of the non-transactional mails. GET only shows a confirmation page (link
 * scanners open links: nothing changes); POST unsubscribes, from the page's button or a mail client's one-click
 * (RFC 8058 body `List-Unsubscribe=One-Click`). The signed token is the credential: no login, no CSRF token.
 */
@ApiTags('unsubscribe')
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'French page asking to confirm (a forged link: 400 page)' })
  confirmPage(@Query('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    let what: string;
    try {
      what = UNSUBSCRIBE_WHAT[this.unsubscribe.target(token).kind];
    } catch (error) {
      void reply.status(400);
      return page('Lien invalide', `<p>${escapeHtml((error as Error).message)}.</p>`);
    }
    return page(
      'Se désinscrire',
      `<p>Vous ne recevrez plus ${escapeHtml(what)}.</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Confirmer la désinscription</button></form>`,
    );
  }

  @Post()
  @HttpCode(200)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'Unsubscribed (RFC 8058 one-click or the page’s button); a forged link: 400',
  })
  async oneClick(@Query('token') token: string, @Body() _body: unknown): Promise<string> {
    const target = await this.unsubscribe.unsubscribe(token);
    return page(
      'Désinscription enregistrée',
      `<p>Vous ne recevrez plus ${escapeHtml(UNSUBSCRIBE_WHAT[target.kind])}.</p>`,
    );
  }
}
