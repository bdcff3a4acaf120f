import Encoding from 'encoding-japanese';
import type { BankAccountType } from '../../../shared/schemas/wallet';
import { AppError } from '../../lib/app-error';

/**
 * A Zengin 総合振込 (general transfer) file, laid out as decision 128 records it: Shift_JIS, records
 * of exactly 120 bytes, each followed by CRLF: one header (1), a data record per transfer (2), the
 * trailer (8) with their count and total, and the end record (9). Numeric fields are right-aligned
 * and zero-padded; character fields left-aligned and space-padded, in half-width characters only (so
 * one character is one byte).
 */
export interface ZenginPayer {
  consignorCode: string;
  consignorName: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumber: string;
}

export interface ZenginTransfer {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumber: string;
  holderKana: string;
  /** Null while the line has no yen (its batch not yet converted): the file is refused, never written with 0. */
  amountYen: number | null;
  /** Our reference (the withdrawal id), in customer code 1, so the bank's result file can be matched. */
  reference: number;
}

const ACCOUNT_TYPE_CODE: Record<BankAccountType, string> = { ordinary: '1', current: '2' };

function num(value: string | number, width: number): string {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > width)
    throw new AppError('internal', `Zengin numeric field of ${width} cannot hold ${s}`);
  return s.padStart(width, '0');
}

/** Left-aligned, space-padded; longer names are cut to the field as banks do. */
const chars = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');

function record(fields: string[]): string {
  const r = fields.join('');
  if (r.length !== 120) throw new AppError('internal', `Zengin record of ${r.length} characters`);
  return r;
}

/** `transferDate` is yyyy-mm-dd; the file carries its month and day. */
export function zenginFile(payer: ZenginPayer, transferDate: string, lines: ZenginTransfer[]): Buffer {
  // A transfer of 0 yen would reach the bank as a line of the file and the guide would be paid nothing.
  const missing = lines.filter((t) => t.amountYen === null);
  if (missing.length) {
    throw new AppError(
      'payout_line_without_yen',
      `Payouts ${missing.map((t) => t.reference).join(', ')} have no yen amount: the transfer file is not made`,
      missing.map((t) => ({ path: 'withdrawalId', message: String(t.reference) })),
    );
  }
  const transfers = lines.map((t) => ({ ...t, amountYen: t.amountYen! }));
  const header = record([
    '1', // data type: header
    '21', // type code: general transfer
    '0', // code division: JIS / Shift_JIS
    num(payer.consignorCode, 10),
    chars(payer.consignorName, 40),
    num(transferDate.slice(5, 7) + transferDate.slice(8, 10), 4),
    num(payer.bankCode, 4),
    chars(payer.bankName, 15),
    num(payer.branchCode, 3),
    chars(payer.branchName, 15),
    ACCOUNT_TYPE_CODE[payer.accountType],
    num(payer.accountNumber, 7),
    chars('', 17),
  ]);
  const data = transfers.map((t) =>
    record([
      '2', // data type: data
      num(t.bankCode, 4),
      chars(t.bankName, 15),
      num(t.branchCode, 3),
      chars(t.branchName, 15),
      num(0, 4), // clearing house number: unused
      ACCOUNT_TYPE_CODE[t.accountType],
      num(t.accountNumber, 7),
      chars(t.holderKana, 30),
      num(t.amountYen, 10),
      '0', // new code: other
      num(t.reference, 10), // customer code 1
      num(0, 10), // customer code 2
      ' ', // transfer designation: the bank's default
      ' ', // identification: none
      chars('', 7),
    ]),
  );
  const total = transfers.reduce((s, t) => s + t.amountYen, 0);
  const trailer = record(['8', num(transfers.length, 6), num(total, 12), chars('', 101)]);
  const end = record(['9', chars('', 119)]);
  const text = [header, ...data, trailer, end].map((r) => `${r}\r\n`).join('');
  const bytes = Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));
  // Half-width characters only: a character that took two bytes would shift every field after it.
  if (bytes.length !== text.length)
    throw new AppError('internal', 'A Zengin field holds a character that is not half-width');
  return bytes;
}
