import { describe, expect, it } from 'vitest';
import { compareText } from './collation';

describe('compareText', () => {
  it('sorts German words and plot numbers as people expect', () => {
    expect(['Zach', 'Öller', 'Abel', 'oben'].sort(compareText)).toEqual(['Abel', 'oben', 'Öller', 'Zach']);
    expect(['B-10', '10', 'B-2', '2'].sort(compareText)).toEqual(['2', '10', 'B-2', 'B-10']);
    expect(compareText('Süd', 'sud')).toBe(0);
  });
});
