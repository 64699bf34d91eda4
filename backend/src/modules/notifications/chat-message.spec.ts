import { BEARER_LINKS, CHAT_MESSAGE_VARIABLES } from './chat-message';
import { MAIL_TEMPLATE_RULES } from './mail-template-variables';

describe('team-messaging variables', () => {
  const requestMail = MAIL_TEMPLATE_RULES['appointment.requested.professional'].variables.map((v) => v.name);

  it('offers only what the request mail renders with, so every inserted variable prints something', () => {
    for (const { name } of CHAT_MESSAGE_VARIABLES) expect(requestMail).toContain(name);
  });

  it('never offers a link that works without signing in (the whole office reads the message)', () => {
    const bearer = BEARER_LINKS.map((name) => `links.${name}`);
    expect(CHAT_MESSAGE_VARIABLES.filter(({ name }) => bearer.includes(name))).toEqual([]);
  });
});
