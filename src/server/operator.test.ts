import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEVELOPMENT_OPERATOR, isInvoiceRegistrationNumber } from './operator';
import { PRODUCTION_ENV } from './test/test-app';

describe('the qualified invoice issuer registration number', () => {
  it('takes T and 13 digits whose first is the corporate number check digit', () => {
    // The National Tax Agency's own corporate number, published on its site: check digit 7.
    expect(isInvoiceRegistrationNumber('T7000012050002')).toBe(true);
    expect(isInvoiceRegistrationNumber(DEVELOPMENT_OPERATOR.invoiceNumber)).toBe(true);
    for (const wrong of [
      'T6000012050002',
      'T8000012050002',
      '7000012050002',
      'T700001205000',
      'T70000120500021',
      't7000012050002',
      'T７000012050002',
    ]) {
      expect(isInvoiceRegistrationNumber(wrong), wrong).toBe(false);
    }
  });
});

describe('the operator in the settings', () => {
  it('runs development on plainly fictitious particulars', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.operator.fake).toBe(true);
    expect(config.operator.name).toContain('fictitious');
  });

  it('refuses to start production without every particular, naming each one missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /OPERATOR_NAME: required in production[\s\S]*OPERATOR_INVOICE_NUMBER: required in production/,
    );
    const { OPERATOR_PHONE: _phone, ...withoutPhone } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutPhone)).toThrow(/OPERATOR_PHONE: required in production/);
  });

  it('refuses a registration number whose check digit is wrong, and half a real operator in development', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_INVOICE_NUMBER: 'T6000012050002' })).toThrow(
      /OPERATOR_INVOICE_NUMBER: T and 13 digits/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', OPERATOR_NAME: 'Real KK' })).toThrow(
      /OPERATOR_ADDRESS: required when any OPERATOR_ setting is set/,
    );
  });

  it('takes production particulars as given, trimmed', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, OPERATOR_NAME: '  株式会社タビガイド  ' });
    expect(config.operator).toMatchObject({ name: '株式会社タビガイド', invoiceNumber: 'T7123456789012', fake: false });
  });
});
