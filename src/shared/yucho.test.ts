import { describe, expect, it } from 'vitest';
import { yuchoTransferAccount } from './yucho';

describe('a ゆうちょ 記号・番号 as a transfer names it', () => {
  it.each([
    // 通常貯金: 2nd and 3rd digits + 8, 普通, the 番号 without its closing 1.
    ['10530', '12345671', { branchCode: '058', accountType: 'ordinary', accountNumber: '1234567' }],
    ['17300', '19927651', { branchCode: '738', accountType: 'ordinary', accountNumber: '1992765' }],
    ['12340', '5671', { branchCode: '238', accountType: 'ordinary', accountNumber: '0000567' }],
    // Full-width digits and a hyphen, as a passbook is copied.
    ['１４０１０', '１２３４-５６７１', { branchCode: '408', accountType: 'ordinary', accountNumber: '1234567' }],
    // 振替口座: + 9, 当座, the 番号 as it is, padded.
    ['00530', '123456', { branchCode: '059', accountType: 'current', accountNumber: '0123456' }],
    ['01200', '7', { branchCode: '129', accountType: 'current', accountNumber: '0000007' }],
  ])('%s-%s', (kigo, bango, expected) => {
    expect(yuchoTransferAccount(kigo, bango)).toEqual(expected);
  });

  it.each([
    ['20530', '12345671', '記号 starts with neither 0 nor 1'],
    ['1053', '12345671', 'a 記号 of four digits'],
    ['10530', '12345670', 'an ordinary 番号 that does not end in 1'],
    ['10530', '1', 'an ordinary 番号 of its closing 1 alone'],
    ['00530', '12345678', 'a 振替 番号 of eight digits'],
    ['10530', '123456781', 'nine digits'],
    ['10530', 'abc', 'letters'],
    ['00530', '0', 'a number of zeros'],
  ])('%s-%s: none (%s)', (kigo, bango) => {
    expect(yuchoTransferAccount(kigo, bango)).toBeNull();
  });
});
