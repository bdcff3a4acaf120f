/**
 * The operator of the marketplace: the business that sells, as Japanese law asks it to be named on
 * the commerce disclosure, on receipts and on the qualified invoices for the commission (decision 120).
 * Production refuses to start without every particular; development and tests run with plainly
 * fake ones, so a newcomer's `npm start` needs no set-up and nobody mistakes them for a real business.
 */
export interface Operator {
  /** 販売業者: the legal name of the business. */
  name: string;
  /** 運営統括責任者: the person responsible for running the service. */
  representative: string;
  /** 所在地 */
  address: string;
  /** 電話番号 */
  phone: string;
  /** メールアドレス */
  email: string;
  /** 適格請求書発行事業者登録番号: T and 13 digits whose first is a check digit. */
  invoiceNumber: string;
  /** True for the development stand-ins: pages that show them say so. */
  fake: boolean;
}

/**
 * The particulars an issued document keeps on its row (a receipt, a guide's monthly invoice): the
 * representative is the disclosure's, not a document's. Kept, so that a document once issued says
 * the same thing after the settings change (decision 120).
 */
export type PrintedOperator = Omit<Operator, 'representative'>;

export const printedParticulars = (o: Operator): PrintedOperator => ({
  name: o.name,
  address: o.address,
  phone: o.phone,
  email: o.email,
  invoiceNumber: o.invoiceNumber,
  fake: o.fake,
});

/** The settings that name the operator, in the order the disclosure lists them. */
export const OPERATOR_SETTINGS = [
  'OPERATOR_NAME',
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_ADDRESS',
  'OPERATOR_PHONE',
  'OPERATOR_EMAIL',
  'OPERATOR_INVOICE_NUMBER',
] as const;

type OperatorSettings = Partial<Record<(typeof OPERATOR_SETTINGS)[number], string>>;

/**
 * The stand-ins outside production. The registration number passes the check digit (so the
 * documents render as they will in production) but the name says it is not a business.
 */
export const DEVELOPMENT_OPERATOR: Operator = {
  name: 'Tabi Guides 開発用（架空の事業者 / fictitious operator）',
  representative: '開発 太郎（架空 / fictitious）',
  address: '〒100-0000 東京都千代田区（架空の住所 / fictitious address）',
  phone: '000-0000-0000',
  email: 'operator@tabi.localhost',
  invoiceNumber: 'T7123456789012',
  fake: true,
};

/**
 * Whether `value` is a registration number of a qualified invoice issuer: "T" and 13 digits, the
 * first being 9 minus (the sum of the other twelve, weighted 1, 2, 1, 2… from the right) mod 9 —
 * the check digit of the corporate number, which the registration numbers share.
 */
export function isInvoiceRegistrationNumber(value: string): boolean {
  const match = /^T(\d)(\d{12})$/.exec(value);
  if (!match) return false;
  const digits = [...match[2]!].map(Number).reverse();
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 1 : 2), 0);
  return Number(match[1]) === 9 - (sum % 9);
}

/**
 * The operator from the settings. In production every setting is required and the registration
 * number must be valid; elsewhere an empty set gives the development stand-ins, and a partly filled
 * set is refused (half a real operator beside fake particulars would print a false document).
 * Returns the problems instead of throwing, so that loadConfig reports them with the others.
 */
export function operatorFromSettings(settings: OperatorSettings, production: boolean): Operator | string[] {
  const given = OPERATOR_SETTINGS.filter((key) => settings[key]?.trim());
  if (given.length === 0 && !production) return DEVELOPMENT_OPERATOR;
  const problems = OPERATOR_SETTINGS.filter((key) => !settings[key]?.trim()).map(
    (key) =>
      `${key}: required ${production ? 'in production' : 'when any OPERATOR_ setting is set'} (the commerce disclosure, receipts and invoices name the operator)`,
  );
  const invoiceNumber = settings.OPERATOR_INVOICE_NUMBER?.trim() ?? '';
  if (invoiceNumber && !isInvoiceRegistrationNumber(invoiceNumber)) {
    problems.push(
      'OPERATOR_INVOICE_NUMBER: T and 13 digits with a valid check digit (the qualified invoice issuer registration number)',
    );
  }
  if (problems.length > 0) return problems;
  return {
    name: settings.OPERATOR_NAME!.trim(),
    representative: settings.OPERATOR_REPRESENTATIVE!.trim(),
    address: settings.OPERATOR_ADDRESS!.trim(),
    phone: settings.OPERATOR_PHONE!.trim(),
    email: settings.OPERATOR_EMAIL!.trim(),
    invoiceNumber,
    fake: false,
  };
}
