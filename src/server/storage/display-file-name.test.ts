import { describe, expect, it } from 'vitest';
import { displayFileName } from './private-document';

/** The one cleaner of a sent file's name, used by disputes' evidence, payment proofs and guides' qualifications. */
describe('displayFileName', () => {
  it('keeps the last path segment whichever slash the sender uses', () => {
    expect(displayFileName('C:\\Users\\王\\Desktop\\收据.pdf', 'x')).toBe('收据.pdf');
    expect(displayFileName('/home/aki/領収書.png', 'x')).toBe('領収書.png');
    expect(displayFileName('../../etc/passwd', 'x')).toBe('passwd');
  });

  it('drops control characters and the quotes and brackets of markup, and cuts at 120 characters', () => {
    expect(displayFileName('bell\u0007 "<i>note<i>".pdf', 'x')).toBe('bell inotei.pdf');
    expect(displayFileName('tab\tand\u007fdel.jpg', 'x')).toBe('tabanddel.jpg');
    expect(displayFileName(`${'あ'.repeat(130)}.pdf`, 'x')).toBe('あ'.repeat(120));
  });

  it('gives the fallback when nothing showable is left', () => {
    expect(displayFileName(undefined, 'payment-proof')).toBe('payment-proof');
    expect(displayFileName('  \u0000\u001f ', 'qualification')).toBe('qualification');
    expect(displayFileName('dir/', 'evidence.pdf')).toBe('dir');
  });
});
