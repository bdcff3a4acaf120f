import { describe, expect, it } from 'vitest';
import { responseTimeBand, toResponsiveness } from './responsiveness';

describe('toResponsiveness', () => {
  it('is new below three counted requests', () => {
    expect(toResponsiveness({ requests: 2, answeredInTime: 2, medianMinutes: 5 })).toEqual({
      rate: null,
      typicalMinutes: null,
      isNew: true,
    });
  });
  it('rounds the rate down, so 100% means every request', () => {
    expect(toResponsiveness({ requests: 200, answeredInTime: 199, medianMinutes: 12.2 })).toEqual({
      rate: 99,
      typicalMinutes: 13,
      isNew: false,
    });
    expect(toResponsiveness({ requests: 3, answeredInTime: 3, medianMinutes: 0.2 })).toEqual({
      rate: 100,
      typicalMinutes: 1,
      isNew: false,
    });
  });
  it('has no typical time when nothing was answered', () => {
    expect(toResponsiveness({ requests: 4, answeredInTime: 0, medianMinutes: null })).toEqual({
      rate: 0,
      typicalMinutes: null,
      isNew: false,
    });
  });
});

describe('responseTimeBand', () => {
  it('reads as within an hour, a few hours, a day, or a few days', () => {
    expect([1, 60, 61, 360, 361, 1440, 1441].map(responseTimeBand)).toEqual([
      'hour',
      'hour',
      'hours',
      'hours',
      'day',
      'day',
      'days',
    ]);
  });
});
