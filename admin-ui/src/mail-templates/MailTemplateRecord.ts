/** A variable a mail template may use, as the API declares it. */
export interface MailTemplateVariable {
  name: string;
  label: string;
  /** Must appear in the HTML and in the text body. */
  required: boolean;
  /** For a list (`{{#each name}}`): the fields of its items. */
  itemFields?: string[];
}

/** GET /api/v1/admin/mail-templates/{key}. */
export interface MailTemplateRecord {
  id: string;
  key: string;
  /** What the mail is and who receives it, in French. */
  label?: string;
  subject: string;
  html: string;
  text: string;
  customized: boolean;
  variables?: MailTemplateVariable[];
}
