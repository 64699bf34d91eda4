import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';

export class MailTemplateVariableDto {
  @ApiProperty({ example: 'appointment.date', description: 'Handlebars path: {{appointment.date}}' })
  name: string;
  @ApiProperty({ example: 'Date du rendez-vous (« jeudi 12 mars 2026 »)' }) label: string;
  @ApiProperty({ description: 'Must appear in the HTML and in the text body' }) required: boolean;
  @ApiPropertyOptional({
    type: [String],
    description: 'A list for {{#each}}: the fields of its items ({{this.label}})',
  })
  itemFields?: string[];
}

export class MailTemplateDto {
  @ApiProperty({ description: 'Same as key (react-admin needs an id)' }) id: string;
  @ApiProperty({ example: 'appointment.validated.attendee' }) key: string;
  @ApiProperty({ example: 'Rendez-vous confirmé (au client)', description: 'What the mail is, in French' })
  label: string;
  @ApiProperty({ description: 'Handlebars' }) subject: string;
  @ApiProperty({ description: 'Handlebars, HTML-escaped values' }) html: string;
  @ApiProperty({ description: 'Handlebars, plain text' }) text: string;
  @ApiProperty({ description: 'false = the built-in default is used' }) customized: boolean;
  @ApiProperty({ type: [MailTemplateVariableDto], description: 'The variables this template may use' })
  variables: MailTemplateVariableDto[];
}

/** A template rendered with sample values (the admin console's preview). */
export class MailPreviewDto {
  @ApiProperty({ example: 'Rappel : rendez-vous avec Claire Dubois le jeudi 12 mars 2026 à 14h30' })
  subject: string;
  @ApiProperty() html: string;
  @ApiProperty() text: string;
}

/** A template being edited; without a body (or with `{}`) the preview renders the saved one. */
export class PreviewMailTemplateDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Le sujet doit être un texte' })
  @MaxLength(500, { message: 'Le sujet ne peut pas dépasser 500 caractères' })
  subject?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Le HTML doit être un texte' })
  @MaxLength(100_000, { message: 'Le HTML est trop long' })
  html?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Le texte doit être un texte' })
  @MaxLength(50_000, { message: 'Le texte est trop long' })
  text?: string;
}

export class UpdateMailTemplateDto {
  @ApiProperty()
  @IsString({ message: 'Le sujet doit être un texte' })
  @MinLength(1, { message: 'Le sujet est obligatoire' })
  @MaxLength(500, { message: 'Le sujet ne peut pas dépasser 500 caractères' })
  subject: string;

  @ApiProperty()
  @IsString({ message: 'Le HTML doit être un texte' })
  @MinLength(1, { message: 'Le HTML est obligatoire' })
  @MaxLength(100_000, { message: 'Le HTML est trop long' })
  html: string;

  @ApiProperty()
  @IsString({ message: 'Le texte doit être un texte' })
  @MinLength(1, { message: 'Le texte est obligatoire' })
  @MaxLength(50_000, { message: 'Le texte est trop long' })
  text: string;
}

/** react-admin list parameters; the template list is short and always returned whole. */
export class MailTemplateListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) sort?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) range?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5_000) filter?: string;
}

export class ChatVariableDto {
  @ApiProperty({ example: 'attendee.name', description: 'Handlebars path, inserted as {{name}}' })
  name: string;
  @ApiProperty({ example: 'Nom du client' }) label: string;
}

export class ChatSettingsDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Incoming-webhook URL of the office’s messaging tool (POST JSON { text })',
  })
  webhookUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Handlebars; null = default message' })
  messageTemplate: string | null;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ description: 'The default message template (for the form placeholder)' })
  defaultTemplate: string;
  @ApiProperty({
    type: ChatVariableDto,
    isArray: true,
    description: 'What the message may contain, in words',
  })
  variables: ChatVariableDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'uuid',
    description: 'The office the settings belong to (null: no office)',
  })
  teamId: string | null;
}

export class UpdateChatSettingsDto {
  @ApiProperty({ example: 'https://hooks.slack.com/services/T000/B000/XXXX' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'L’adresse du webhook doit être une URL http(s)' },
  )
  @MaxLength(2_000, { message: 'L’adresse du webhook est trop longue' })
  webhookUrl: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'Le modèle doit être un texte' })
  @MaxLength(5_000, { message: 'Le modèle ne peut pas dépasser 5000 caractères' })
  messageTemplate?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'enabled doit être un booléen' })
  enabled?: boolean;
}
