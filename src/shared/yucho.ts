import type { BankAccountType } from './schemas/wallet';

/** ゆうちょ銀行's code in the Zengin list. */
export const YUCHO_BANK_CODE = '9900';

export interface YuchoTransferAccount {
  /** The Zengin branch code: three digits, the branch named by them in kanji (二三八 for 238). */
  branchCode: string;
  accountType: BankAccountType;
  /** Seven digits. */
  accountNumber: string;
}

/**
 * A ゆうちょ passbook's 記号・番号 as another bank's transfer names it, by the bank's published rule:
 * - 記号 starting with 1 (総合口座, 通常貯金): the branch is the 記号's 2nd and 3rd digits followed by 8,
 *   the account 普通 (ordinary), its number the 番号 without its last digit, which is always 1.
 * - 記号 starting with 0 (振替口座): the branch is those digits followed by 9, the account 当座
 *   (current), its number the 番号.
 * Numbers are padded with zeros to seven digits. A single digit printed between 記号 and 番号 on
 * some passbooks is not used. Full-width digits, hyphens and spaces are accepted. Null for numbers
 * the rule cannot convert (yucho.test.ts holds the cases).
 */
export function yuchoTransferAccount(kigoInput: string, bangoInput: string): YuchoTransferAccount | null {
  const digits = (s: string) => s.normalize('NFKC').replace(/[\s\-‐ー−]/g, '');
  const kigo = digits(kigoInput);
  let bango = digits(bangoInput);
  if (!/^[01]\d{4}$/.test(kigo) || !/^\d{1,8}$/.test(bango)) return null;
  const ordinary = kigo.startsWith('1');
  if (ordinary) {
    if (!bango.endsWith('1') || bango.length < 2) return null;
    bango = bango.slice(0, -1);
  }
  if (bango.length > 7 || /^0+$/.test(bango)) return null;
  return {
    branchCode: `${kigo.slice(1, 3)}${ordinary ? '8' : '9'}`,
    accountType: ordinary ? 'ordinary' : 'current',
    accountNumber: bango.padStart(7, '0'),
  };
}
