import { SECTORS } from '@rdv/sectors';
import { checkMailTemplate } from './mail-template-check';
import { MAIL_TEMPLATE_RULES, sampleMailContext } from './mail-template-variables';
import { DEFAULT_MAIL_TEMPLATES, MAIL_TEMPLATE_KEYS, renderMail } from './mail-templates';

const sample = sampleMailContext(SECTORS.lawyer, 'https://rdv-avocat.example');
const reminder = DEFAULT_MAIL_TEMPLATES['appointment.reminder.attendee'];

function valueAt(context: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], context);
}

describe('checkMailTemplate', () => {
  it.each(MAIL_TEMPLATE_KEYS)('accepts the built-in default of %s', (key) => {
    expect(checkMailTemplate(key, DEFAULT_MAIL_TEMPLATES[key], sample)).toEqual({});
  });

  it.each(MAIL_TEMPLATE_KEYS)('declares for %s only variables the sample context fills', (key) => {
    for (const variable of MAIL_TEMPLATE_RULES[key].variables) {
      expect([variable.name, valueAt(sample, variable.name)]).not.toEqual([variable.name, undefined]);
    }
  });

  it('refuses a template that does not compile, naming the field', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, html: '<p>{{#if appointment.motive}}Motif</p>' },
      sample,
    );
    expect(problems.html).toMatch(/^HTML : modèle Handlebars invalide/);
    expect(problems.subject).toBeUndefined();
  });

  it('refuses a whole document: the common layout already surrounds the content', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, html: `<!doctype html><html><body>${reminder.html}</body></html>` },
      sample,
    );
    expect(problems).toEqual({
      html: 'HTML : seul le contenu du mail est attendu, sans <html>, <head> ni <body> : l’en-tête et le pied de page communs l’entourent',
    });
  });

  it('refuses control characters such as NUL, naming the field', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, text: `${reminder.text}\u0000` },
      sample,
    );
    expect(problems).toEqual({
      text: 'Texte : caractère de contrôle interdit (seuls les retours à la ligne et tabulations sont permis)',
    });
  });

  it('refuses a variable the template does not know, even a misspelt one', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, subject: 'Rappel : {{appointment.dat}}' },
      sample,
    );
    expect(problems.subject).toBe('Sujet : variable inconnue {{appointment.dat}}');
  });

  it('keeps the one-click validation link out of mails to clients', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, text: `${reminder.text}\nValider : {{links.validate}}` },
      sample,
    );
    expect(problems.text).toBe('Texte : variable inconnue {{links.validate}}');
  });

  it('refuses the "24:61" / "NaN" template: no word in the subject, date and links missing from the body', () => {
    const problems = checkMailTemplate(
      'appointment.reminder.attendee',
      { subject: '24:61', html: 'NaN', text: 'NaN' },
      sample,
    );
    expect(problems.subject).toBe(
      'Sujet : « 24:61 » ne ressemble pas à un sujet de mail (il faut au moins un mot)',
    );
    expect(problems.html).toContain('variables obligatoires absentes {{professional.name}}');
    expect(problems.html).toContain('{{appointment.date}} (Date du rendez-vous');
    expect(problems.text).toContain('{{links.appointment}}');
  });

  it('accepts a short custom wording as long as the rules hold', () => {
    expect(
      checkMailTemplate(
        'appointment.reminder.attendee',
        {
          subject: 'NaN',
          html: '<p>{{professional.name}}, {{appointment.date}} {{appointment.time}} : <a href="{{links.appointment}}">voir</a></p>',
          text: '{{professional.name}} {{appointment.date}} {{appointment.time}} {{links.appointment}}',
        },
        sample,
      ),
    ).toEqual({});
  });

  it('allows the item fields inside {{#each availabilities}} and nothing else there', () => {
    const submitted = DEFAULT_MAIL_TEMPLATES['availabilities.submitted.professional'];
    expect(
      checkMailTemplate(
        'availabilities.submitted.professional',
        { ...submitted, text: submitted.text.replace('{{this.label}}', '{{this.colour}}') },
        sample,
      ).text,
    ).toBe(
      'Texte : variable inconnue {{this.colour}} dans {{#each availabilities}} (disponibles : {{this.label}}, {{this.start}}, {{this.end}})',
    );
    expect(
      checkMailTemplate(
        'appointment.reminder.attendee',
        { ...reminder, text: `${reminder.text}{{#each appointment.date}}x{{/each}}` },
        sample,
      ).text,
    ).toBe('Texte : {{#each}} ne s’applique qu’à une liste (appointment.date n’en est pas une)');
  });

  it('refuses helpers, partials and unescaped values in the HTML', () => {
    const check = (html: string) =>
      checkMailTemplate('appointment.reminder.attendee', { ...reminder, html }, sample).html;
    expect(check(`${reminder.html}{{lookup attendee "name"}}`)).toMatch(
      /assistant « lookup » non pris en charge/,
    );
    expect(check(`${reminder.html}{{#with attendee}}{{name}}{{/with}}`)).toMatch(/bloc {{#with}}/);
    expect(check(`${reminder.html}{{> footer}}`)).toMatch(/inclusions/);
    expect(check(`${reminder.html}{{{appointment.notes}}}`)).toMatch(/triples accolades/);
  });

  it('refuses a blank subject, one over 200 characters once filled, or one on several lines', () => {
    const long = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, subject: `${'Rappel '.repeat(28)}{{professional.name}}` },
      sample,
    );
    expect(long.subject).toMatch(/ne doit pas dépasser 200 caractères/);
    const twoLines = checkMailTemplate(
      'appointment.reminder.attendee',
      { ...reminder, subject: 'Rappel\nde rendez-vous' },
      sample,
    );
    expect(twoLines.subject).toBe('Sujet : le sujet doit tenir sur une seule ligne');
    const blank = checkMailTemplate('appointment.reminder.attendee', { ...reminder, subject: '  ' }, sample);
    expect(blank.subject).toBe('Sujet : le sujet est obligatoire');
  });

  it('renders the sample values into a default template', () => {
    const rendered = renderMail(reminder, sample);
    expect(rendered.subject).toBe('Rappel : rendez-vous avec Claire Dubois le jeudi 12 mars 2026 à 14h30');
    expect(rendered.text).toContain('12 rue de la République, 69002 Lyon');
  });
});
