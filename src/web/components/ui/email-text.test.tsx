import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('keeps the address whole and lets it wrap only before @ and the dots', () => {
    const { container } = render(<EmailText email="chenjing@example.com" />);
    expect(container.textContent).toBe('chenjing@example.com');
    expect([...container.querySelectorAll('span.whitespace-nowrap')].map((s) => s.textContent)).toEqual([
      'chenjing',
      '@example',
      '.com',
    ]);
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
  });
});
