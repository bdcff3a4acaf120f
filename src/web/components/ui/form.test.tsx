import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField, SelectField, TextAreaField, TextField } from './form';

afterEach(cleanup);

/** docs/rules/look-and-language.md (Access): an error is tied to its field, and the field itself is outlined in red. */
describe('an inline error outlines its field, not only a message under it', () => {
  it('text, select, text area and checkbox: aria-invalid, the red outline for it, and the error described', () => {
    render(
      <>
        <TextField label="Name" error="Enter your name" />
        <SelectField label="City" error="Choose a city">
          <option value="">—</option>
        </SelectField>
        <TextAreaField label="Note" error="Too long" />
        <CheckboxField label="I agree" error="Tick this box" />
        <TextField label="Fine" />
      </>,
    );
    for (const [name, message] of [
      ['Name', 'Enter your name'],
      ['City', 'Choose a city'],
      ['Note', 'Too long'],
      ['I agree', 'Tick this box'],
    ] as const) {
      const field = screen.getByLabelText(name);
      expect(field.getAttribute('aria-invalid'), name).toBe('true');
      expect(field.className, name).toMatch(/aria-\[invalid=true\]:(border|outline)-danger-600/);
      expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
        message,
      );
    }
    expect(screen.getByLabelText('Fine').getAttribute('aria-invalid')).toBeNull();
  });
});
