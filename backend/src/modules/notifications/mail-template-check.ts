import Handlebars from 'handlebars';
import { MAIL_TEMPLATE_RULES, type MailTemplateVariable } from './mail-template-variables';
import { renderMail, type MailTemplateKey, type MailTemplateSource } from './mail-templates';

export type MailTemplateField = keyof MailTemplateSource;
/** French message per faulty field; empty when the template may be saved. */
export type MailTemplateProblems = Partial<Record<MailTemplateField, string>>;

const FIELD_LABELS: Record<MailTemplateField, string> = {
  subject: 'Sujet',
  html: 'HTML',
  text: 'Texte',
};

/** Block helpers a template may use; anything else (partials, `lookup`, `with`, ...) is refused. */
const BLOCK_HELPERS = new Set(['if', 'unless', 'each']);
const EACH_DATA = new Set(['index', 'first', 'last', 'key']);
const SUBJECT_MAX_LENGTH = 200;
// NUL and other C0/C1 controls: invisible in a mail, and PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The tags of a whole document: a template is only the content the layout puts in its body band. */
const WHOLE_DOCUMENT = /<(!doctype|html|head|body)\b/i;

class TemplateRuleError extends Error {}

/** One level of Handlebars context: the root, or an item of `{{#each list}}`. */
type Scope = { kind: 'root' } | { kind: 'item'; list: MailTemplateVariable };

/**
 * The rules a mail template must pass before it is saved:
 *  0. no control character but line breaks and tabs;
 *  1. it compiles (Handlebars syntax);
 *  2. it uses only the variables declared for this template, and only `#if`, `#unless`, `#each`;
 *  3. no triple braces in the HTML body (values are always escaped: a client's message stays text), and the
 *     HTML is the mail's content only: no `<html>`, `<head>` or `<body>` (the common layout surrounds it);
 *  4. the variables the mail's purpose needs appear in the HTML body and in the text body;
 *  5. the subject, rendered with sample values, is one line of at most 200 characters holding a word
 *     (so "24:61" is refused, "Rendez-vous confirmé" passes).
 * Returns a French message per faulty field; the first problem of a field is reported.
 */
export function checkMailTemplate(
  key: MailTemplateKey,
  source: MailTemplateSource,
  sampleContext: object,
): MailTemplateProblems {
  const rules = MAIL_TEMPLATE_RULES[key];
  const problems: MailTemplateProblems = {};
  const used: Partial<Record<MailTemplateField, Set<string>>> = {};
  for (const field of ['subject', 'html', 'text'] as const) {
    const label = FIELD_LABELS[field];
    if (CONTROL_CHARACTER.test(source[field])) {
      problems[field] =
        `${label} : caractère de contrôle interdit (seuls les retours à la ligne et tabulations sont permis)`;
      continue;
    }
    if (field === 'html' && WHOLE_DOCUMENT.test(source.html)) {
      problems.html =
        'HTML : seul le contenu du mail est attendu, sans <html>, <head> ni <body> : l’en-tête et le pied de page communs l’entourent';
      continue;
    }
    try {
      used[field] = usedVariables(source[field], rules.variables, field === 'html');
    } catch (error) {
      problems[field] =
        error instanceof TemplateRuleError
          ? `${label} : ${error.message}`
          : `${label} : modèle Handlebars invalide (${firstLine(error)})`;
    }
  }
  for (const field of ['html', 'text'] as const) {
    const fieldUsed = used[field];
    if (!fieldUsed) continue;
    const missing = rules.required.filter((name) => !fieldUsed.has(name));
    if (missing.length > 0) {
      problems[field] =
        `${FIELD_LABELS[field]} : ${missing.length > 1 ? 'variables obligatoires absentes' : 'variable obligatoire absente'} ` +
        missing.map((name) => `{{${name}}} (${labelOf(name, rules.variables)})`).join(', ');
    }
  }
  if (!problems.subject) {
    const subject = renderMail({ subject: source.subject, html: '', text: '' }, sampleContext).subject;
    if (!source.subject.trim()) problems.subject = 'Sujet : le sujet est obligatoire';
    else if (/[\r\n]/.test(source.subject.trim()))
      problems.subject = 'Sujet : le sujet doit tenir sur une seule ligne';
    else if (subject.length > SUBJECT_MAX_LENGTH)
      problems.subject = `Sujet : le sujet ne doit pas dépasser ${SUBJECT_MAX_LENGTH} caractères une fois rempli (${subject.length})`;
    else if (!/\p{L}{2,}/u.test(subject))
      problems.subject = `Sujet : « ${subject} » ne ressemble pas à un sujet de mail (il faut au moins un mot)`;
  }
  return problems;
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'erreur') : 'erreur';
}

function labelOf(name: string, variables: readonly MailTemplateVariable[]): string {
  return variables.find((variable) => variable.name === name)?.label ?? name;
}

/** Walks the template's syntax tree, collecting the variables it uses; throws on a broken rule. */
function usedVariables(
  source: string,
  variables: readonly MailTemplateVariable[],
  html: boolean,
): Set<string> {
  // precompile also catches errors parse() lets through (e.g. a `{{else}}` outside a block).
  Handlebars.precompile(source);
  const program = Handlebars.parse(source);
  const byName = new Map(variables.map((variable) => [variable.name, variable]));
  const used = new Set<string>();

  const resolve = (path: hbs.AST.PathExpression, scopes: Scope[]): MailTemplateVariable | null => {
    const written = `{{${path.original}}}`;
    if (path.data) {
      const [head, ...rest] = path.parts;
      if (head === 'root' && rest.length > 0) return resolveIn(rest, { kind: 'root' }, written);
      if (scopes.at(-1)?.kind === 'item' && EACH_DATA.has(head ?? '') && rest.length === 0) return null;
      throw new TemplateRuleError(`variable inconnue ${written}`);
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (!scope) throw new TemplateRuleError(`variable inconnue ${written}`);
    return resolveIn(path.parts, scope, written);
  };

  const resolveIn = (parts: string[], scope: Scope, written: string): MailTemplateVariable | null => {
    if (scope.kind === 'item') {
      // `{{this}}`, `{{this.label}}` or `{{label}}` inside `{{#each availabilities}}`
      if (parts.length === 0) return null;
      if (parts.length === 1 && scope.list.itemFields?.includes(parts[0] ?? '')) return null;
      throw new TemplateRuleError(
        `variable inconnue ${written} dans {{#each ${scope.list.name}}} (disponibles : ${(scope.list.itemFields ?? []).map((f) => `{{this.${f}}}`).join(', ')})`,
      );
    }
    const variable = byName.get(parts.join('.'));
    if (!variable) throw new TemplateRuleError(`variable inconnue ${written}`);
    used.add(variable.name);
    return variable;
  };

  const expression = (node: hbs.AST.Expression, scopes: Scope[]): MailTemplateVariable | null => {
    if (node.type === 'PathExpression') return resolve(node as hbs.AST.PathExpression, scopes);
    if (node.type === 'SubExpression')
      throw new TemplateRuleError('les sous-expressions ( … ) ne sont pas prises en charge');
    return null; // string, number, boolean literals
  };

  const visit = (node: hbs.AST.Node, scopes: Scope[]): void => {
    switch (node.type) {
      case 'Program':
        for (const statement of (node as hbs.AST.Program).body) visit(statement, scopes);
        return;
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (mustache.params.length > 0 || (mustache.hash?.pairs.length ?? 0) > 0)
          throw new TemplateRuleError(
            `assistant « ${pathName(mustache.path)} » non pris en charge (seuls {{#if}}, {{#unless}} et {{#each}} le sont)`,
          );
        if (html && !mustache.escaped)
          throw new TemplateRuleError(
            `les triples accolades {{{…}}} sont interdites : les valeurs sont toujours échappées`,
          );
        expression(mustache.path, scopes);
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const helper = pathName(block.path);
        if (!BLOCK_HELPERS.has(helper))
          throw new TemplateRuleError(
            `bloc {{#${helper}}} non pris en charge (seuls {{#if}}, {{#unless}} et {{#each}} le sont)`,
          );
        if (block.params.length !== 1 || (block.hash?.pairs.length ?? 0) > 0)
          throw new TemplateRuleError(`{{#${helper}}} attend une seule variable`);
        const subject = expression(block.params[0] as hbs.AST.Expression, scopes);
        let inner = scopes;
        if (helper === 'each') {
          if (!subject?.itemFields)
            throw new TemplateRuleError(
              `{{#each}} ne s’applique qu’à une liste (${(block.params[0] as hbs.AST.PathExpression).original ?? '?'} n’en est pas une)`,
            );
          inner = [...scopes, { kind: 'item', list: subject }];
        }
        if (block.program) visit(block.program, inner);
        if (block.inverse) visit(block.inverse, scopes);
        return;
      }
      default:
        throw new TemplateRuleError('les inclusions et décorateurs Handlebars ne sont pas pris en charge');
    }
  };

  visit(program, [{ kind: 'root' }]);
  return used;
}

function pathName(node: hbs.AST.Expression): string {
  return node.type === 'PathExpression' ? (node as hbs.AST.PathExpression).original : node.type;
}
