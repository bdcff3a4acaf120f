/**
 * Operator particulars for the scripts that start the product in production mode on this machine
 * (the cluster test, Lighthouse): production refuses to start without them (src/server/operator.ts).
 * They name no real business; the registration number only passes the check digit.
 */
export const TEST_OPERATOR_ENV = {
  OPERATOR_NAME: 'Tabi Guides 検証用（架空の事業者 / fictitious operator）',
  OPERATOR_REPRESENTATIVE: '検証 花子（架空 / fictitious）',
  OPERATOR_ADDRESS: '〒100-0000 東京都千代田区（架空の住所 / fictitious address）',
  OPERATOR_PHONE: '000-0000-0000',
  OPERATOR_EMAIL: 'operator@tabi.localhost',
  OPERATOR_INVOICE_NUMBER: 'T7123456789012',
};
