import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SECTORS } from '@rdv/sectors';
import { frameMail, MAIL_LAYOUT_MARKERS, mailBrand } from './mail-layout';
import { sampleMailContext } from './mail-template-variables';
import { DEFAULT_MAIL_TEMPLATES, MAIL_TEMPLATE_KEYS, renderMail } from './mail-templates';
import { paragraphsMail } from './mailer';

const site = 'https://rdv-avocat.example';
const sector = SECTORS.lawyer;
const brand = mailBrand(sector, `${site}/`);
const sample = sampleMailContext(sector, site);

/** What must never reach a recipient: a Handlebars or JavaScript placeholder left unfilled. */
const UNRESOLVED = /\{\{|\}\}|\$\{/;

describe('the common mail layout', () => {
  it('is the MJML compilation of mail-layout.mjml (the generated file is not stale)', () => {
    const check = spawnSync(
      process.execPath,
      [join(__dirname, '../../../scripts/mail-layout.mjs'), '--check'],
      {
        encoding: 'utf8',
      },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.each(MAIL_TEMPLATE_KEYS)('%s renders in the layout, every variable filled, with a text part', (key) => {
    const rendered = renderMail(DEFAULT_MAIL_TEMPLATES[key], sample);
    const mail = frameMail(brand, rendered);

    for (const marker of MAIL_LAYOUT_MARKERS) expect(mail.html).toContain(`class="${marker}`);
    // One document: the template is the content, the layout the only <html>.
    expect(mail.html.match(/<html\b/g)).toHaveLength(1);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Outlook's table fallbacks, which only MJML's output carries.
    expect(mail.html).toContain('<!--[if mso | IE]>');
    expect(mail.html).toContain(`>${sector.productName}</a>`);
    expect(mail.html).toContain(`href="${site}/mentions-legales"`);
    expect(mail.html).not.toMatch(UNRESOLVED);
    expect(rendered.subject).not.toMatch(UNRESOLVED);

    expect(mail.text).not.toMatch(UNRESOLVED);
    expect(mail.text).toMatch(/^Bonjour /);
    expect(mail.text).toContain(`Mentions légales : ${site}/mentions-legales`);
    expect(mail.text).not.toContain('Ne plus recevoir ces emails');
  });

  it('every button of a template is an Outlook-safe table cell coloured with bgcolor', () => {
    const { html } = frameMail(
      brand,
      renderMail(DEFAULT_MAIL_TEMPLATES['appointment.requested.professional'], sample),
    );
    expect(html).toContain(`<td align="center" bgcolor="${sector.primaryColor}"`);
    expect(html).toContain('<td align="center" bgcolor="#ffffff"');
  });

  it('offers the unsubscribe link in the footer and the text part when the mail has one', () => {
    const stop = `${site}/alertes/arreter?token=a&b`;
    const mail = frameMail(
      brand,
      paragraphsMail(
        'client@example.com',
        'Un créneau plus tôt',
        ['Bonjour,', `Réserver : ${site}/x`],
        '<m@x>',
        {
          unsubscribeUrl: stop,
        },
      ),
    );
    expect(mail.html).toContain(
      '<a href="https://rdv-avocat.example/alertes/arreter?token=a&amp;b">Ne plus recevoir ces emails</a>',
    );
    expect(mail.html).toContain(`<a href="${site}/x">${site}/x</a>`);
    expect(mail.text).toContain(`Ne plus recevoir ces emails : ${stop}`);
  });

  it('keeps only the body of a template saved as a whole document before the layout existed', () => {
    const mail = frameMail(brand, {
      html: '<!doctype html><html lang="fr"><head><title>x</title></head><body style="margin:0"><p>Ancien modèle</p></body></html>',
      text: 'Ancien modèle',
    });
    expect(mail.html.match(/<html\b/g)).toHaveLength(1);
    expect(mail.html).toContain('<p>Ancien modèle</p>');
    expect(mail.html).not.toContain('<title>x</title>');
  });

  it('uses each sector’s name and colour', () => {
    const notary = SECTORS.notary;
    const { html } = frameMail(mailBrand(notary, 'https://rdv-notaire.example'), {
      html: '<p>x</p>',
      text: 'x',
    });
    expect(html).toContain(`>${notary.productName}</a>`);
    expect(html.toLowerCase()).toContain(`background:${notary.primaryColor.toLowerCase()}`);
  });
});
