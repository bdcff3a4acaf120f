import { describe, expect, it } from 'vitest';
import { questionParams, readQuestion } from './trip-question';

/** The question a card carries to the profile (decision 176), read from a search's URL or a profile's. */
describe('the trip question', () => {
  it('reads a search’s travelers of whom children and infants as the family, with its date and days', () => {
    const q = readQuestion(new URLSearchParams('city=kyoto&date=2030-05-01&travelers=4&children=1&infants=1&days=3'));
    expect(q).toEqual({ date: '2030-05-01', adults: 2, children: 1, infants: 1, days: 3 });
    expect(questionParams(q).toString()).toBe('date=2030-05-01&adults=2&children=1&infants=1&days=3');
  });

  it('reads a profile’s adults, and what a link of before (travelers alone) meant: adults', () => {
    expect(readQuestion(new URLSearchParams('adults=2&children=1&hours=4'))).toEqual({
      adults: 2,
      children: 1,
      infants: 0,
      hours: 4,
    });
    expect(readQuestion(new URLSearchParams('travelers=3'))).toEqual({ adults: 3, children: 0, infants: 0 });
  });

  it('leaves out what does not parse, and ages that leave no adult', () => {
    expect(
      readQuestion(new URLSearchParams('date=2030-02-30&days=9&hours=2.2&travelers=2&children=1&infants=1')),
    ).toEqual({ adults: 2, children: 0, infants: 0 });
    expect(readQuestion(new URLSearchParams('children=2'))).toEqual({ children: 0, infants: 0 });
    expect(questionParams(readQuestion(new URLSearchParams(''))).toString()).toBe('');
  });
});
