import Encoding from 'encoding-japanese';
import type ZenginList from 'zengin-code';
import type { Bank } from '../../../shared/schemas/payouts';
import { SMALL_TO_LARGE_KANA } from '../../../shared/zengin-name';
import { AppError } from '../../lib/app-error';
import { rankEntries } from './bank-search';

/**
 * Japanese banks and branches from the zengin-code list (decision 128), found by bank-search.ts. The list is 5 MB of
 * JavaScript: it is loaded on first use, not at start, and never sent to the browser (the picker asks
 * the lookup routes).
 */
type ZenginData = typeof ZenginList;
let loaded: Promise<ZenginData> | undefined;
const zengin = () => (loaded ??= import('zengin-code').then((m) => m.default));

/**
 * What a Zengin name field may hold, once half-width: digits, capitals, katakana ｱ–ﾝ (no ｦ, no small kana), ﾞ ﾟ, space
 * and ( ) . - /
 */
const ZENGIN_NAME = /^[0-9A-Z\uFF71-\uFF9D\uFF9E\uFF9F ().\-/]+$/;

/**
 * A name as the Zengin format writes it: half-width katakana, capitals and digits. Full-width input
 * and hiragana are accepted; small kana become large ones and the long vowel mark a hyphen, as banks
 * write them. Returns null when a character is left that the format does not allow.
 */
export function toZenginKana(input: string): string | null {
  let s = Encoding.toHankakuSpace(Encoding.toHankakuCase(input.normalize('NFKC')))
    .trim()
    .replace(/\s+/g, ' ');
  s = Encoding.toKatakanaCase(s).toUpperCase();
  s = [...s].map((c) => SMALL_TO_LARGE_KANA[c] ?? (c === 'ー' || c === '−' ? '-' : c)).join('');
  s = Encoding.toHankanaCase(s);
  return s.length > 0 && ZENGIN_NAME.test(s) ? s : null;
}

const LIMIT = 30;
const view = (e: { code: string; name: string; kana: string }): Bank => ({ code: e.code, name: e.name, kana: e.kana });

export async function searchBanks(query: string | undefined): Promise<Bank[]> {
  return rankEntries(Object.values(await zengin()), query, LIMIT).map(view);
}

/** A bank's branches matching `query`; null for a bank that does not exist. */
export async function searchBranches(
  bankCode: string,
  query: string | undefined,
): Promise<{ bank: Bank; branches: Bank[] } | null> {
  const bank = (await zengin())[bankCode];
  if (!bank) return null;
  return { bank: view(bank), branches: rankEntries(Object.values(bank.branches), query, LIMIT).map(view) };
}

export interface BankBranch {
  bankName: string;
  bankKana: string;
  branchName: string;
  branchKana: string;
}

/** The bank and branch a guide entered, or a 400 `unknown_bank` / `unknown_branch`. */
export async function resolveBranch(bankCode: string, branchCode: string): Promise<BankBranch> {
  const bank = (await zengin())[bankCode];
  if (!bank)
    throw new AppError('unknown_bank', `No bank has the code ${bankCode}`, [
      { path: 'body.bankCode', message: 'Unknown bank code' },
    ]);
  const branch = bank.branches[branchCode];
  if (!branch)
    throw new AppError('unknown_branch', `${bank.name} has no branch ${branchCode}`, [
      { path: 'body.branchCode', message: 'Unknown branch code' },
    ]);
  return { bankName: bank.name, bankKana: bank.kana, branchName: branch.name, branchKana: branch.kana };
}

/** Names for the file's bank and branch fields; blank when the list no longer has the code. */
export async function kanaNames(bankCode: string, branchCode: string): Promise<{ bank: string; branch: string }> {
  const bank = (await zengin())[bankCode];
  const branch = bank?.branches[branchCode];
  return { bank: (bank && toZenginKana(bank.kana)) ?? '', branch: (branch && toZenginKana(branch.kana)) ?? '' };
}
