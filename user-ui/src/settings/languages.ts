/** The languages a professional can list on their profile (ISO 639-1), most asked first. */
export const SPOKEN_LANGUAGE_CODES = [
  'fr',
  'en',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'ar',
  'zh',
  'ru',
  'pl',
  'ro',
  'tr',
  'he',
  'ja',
  'ko',
  'vi',
  'uk',
  'el',
  'hi',
] as const;

const names = new Intl.DisplayNames(['fr'], { type: 'language' });

/** "de" -> "Allemand". */
export function languageLabel(code: string): string {
  const name = names.of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase('fr') + name.slice(1);
}

/** The languages of the professional's space and of the mails they get. */
export const INTERFACE_LANGUAGE_CODES = ['fr', 'en'] as const;
export const INTERFACE_LANGUAGES: { code: (typeof INTERFACE_LANGUAGE_CODES)[number]; label: string }[] = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
];
