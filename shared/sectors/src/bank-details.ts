import { electronicFormatIBAN, validateBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/** Where a sponsor's rewards are paid (the IBAN dialog of /user/parrainage). */
export interface BankDetails {
  iban: string;
  bic: string;
  holder: string;
}

export type BankDetailsProblems = Partial<Record<keyof BankDetails, string>>;

const IBAN_MESSAGES: Partial<Record<ValidationErrorsIBAN, string>> = {
  [ValidationErrorsIBAN.NoIBANProvided]: 'Veuillez renseigner votre IBAN',
  [ValidationErrorsIBAN.NoIBANCountry]: 'L’IBAN doit commencer par le code d’un pays (FR76…)',
  [ValidationErrorsIBAN.WrongBBANLength]: 'L’IBAN n’a pas la bonne longueur pour ce pays',
  [ValidationErrorsIBAN.WrongBBANFormat]: 'L’IBAN contient des caractères inattendus pour ce pays',
  [ValidationErrorsIBAN.ChecksumNotNumber]: 'La clé de l’IBAN (3e et 4e caractères) doit être un nombre',
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'Cet IBAN n’est pas valide : vérifiez-le caractère par caractère',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]:
    'Cet IBAN n’est pas valide : la clé RIB ne correspond pas',
};

/** The IBAN as stored: capitals, no spaces ("fr76 3000 …" -> "FR763000…"). */
export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

/** What screens show once saved: the country, the check digits and the last four characters. */
export function maskIban(iban: string): string {
  const electronic = normalizeIban(iban);
  return `${electronic.slice(0, 4)} •••• ${electronic.slice(-4)}`;
}

/** The French message of each wrong field (IBAN and BIC checked with ibantools); empty when all is right. */
export function bankDetailsProblems(details: BankDetails): BankDetailsProblems {
  const problems: BankDetailsProblems = {};
  const iban = normalizeIban(details.iban);
  const ibanCheck = validateIBAN(iban);
  if (!ibanCheck.valid) {
    // ibantools lists every failed check; the lowest code is the most basic one (length before checksum).
    problems.iban =
      IBAN_MESSAGES[Math.min(...ibanCheck.errorCodes) as ValidationErrorsIBAN] ?? 'Cet IBAN n’est pas valide';
  }
  const bic = details.bic.replace(/\s+/g, '').toUpperCase();
  if (!bic) problems.bic = 'Veuillez renseigner le BIC de votre banque';
  else if (!validateBIC(bic).valid)
    problems.bic = 'Ce BIC n’est pas valide (8 ou 11 caractères, ex. BNPAFRPPXXX)';
  const holder = details.holder.trim();
  if (holder.length < 2) problems.holder = 'Veuillez renseigner le titulaire du compte';
  else if (holder.length > 140) problems.holder = 'Le titulaire ne doit pas dépasser 140 caractères';
  return problems;
}
