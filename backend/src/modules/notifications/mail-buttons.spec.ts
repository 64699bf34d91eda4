import { SECTORS } from '@rdv/sectors';
import { sampleMailContext } from './mail-template-variables';
import { DEFAULT_MAIL_TEMPLATES, renderMail, type MailTemplateKey } from './mail-templates';

const sample = sampleMailContext(SECTORS.lawyer, 'https://rdv-avocat.example');

/** The inline style of the link whose text is `label` in the rendered HTML. */
function styleOf(html: string, label: string): Record<string, string> {
  const anchor = [...html.matchAll(/<a\b[^>]*style="([^"]*)"[^>]*>([^<]*)<\/a>/g)].find(
    (match) => match[2].trim() === label,
  );
  if (!anchor) throw new Error(`no link "${label}" in the mail`);
  return Object.fromEntries(
    anchor[1]
      .split(';')
      .filter((declaration) => declaration.includes(':'))
      .map((declaration) => {
        const [property, ...value] = declaration.split(':');
        return [property.trim(), value.join(':').trim()];
      }),
  );
}

describe('the professional’s answer buttons', () => {
  it.each<[MailTemplateKey, string, string]>([
    ['appointment.requested.professional', 'Valider le rendez-vous', 'Refuser'],
    [
      'appointment.reschedule_requested.professional',
      'Accepter le nouveau créneau',
      'Refuser le déplacement',
    ],
  ])('%s: "%s" is the filled primary button, "%s" an outlined grey one', (key, accept, refuse) => {
    const { html } = renderMail(DEFAULT_MAIL_TEMPLATES[key], sample);
    const primary = styleOf(html, accept);
    const secondary = styleOf(html, refuse);
    expect(primary.background).toBe(SECTORS.lawyer.primaryColor);
    expect(primary.color).toBe('#fff');
    // Not the same button twice: no fill, a grey border and grey text.
    expect(secondary.background).not.toBe(primary.background);
    expect(secondary.background).toBe('#fff');
    expect(secondary.border).toMatch(/^1px solid #[0-9a-f]{6}$/);
    expect(secondary.color).not.toBe(primary.color);
  });
});
