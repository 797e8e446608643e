import { describe, expect, it } from 'vitest';
import type { Area } from '../../../lib/area.ts';
import { matchScreens } from './match-screens.ts';

const area = (label: string) => ({ label, path: `/${label}` }) as Area;
const screens = [area('Practices'), area('Mock tests'), area('Mailers'), area('Mail templates')];

describe('matchScreens', () => {
  it('keeps the screens whose name holds the query, those starting with it first', () => {
    expect(matchScreens(screens, 'ma').map((s) => s.label)).toEqual(['Mailers', 'Mail templates']);
    expect(matchScreens(screens, ' TESTS ').map((s) => s.label)).toEqual(['Mock tests']);
    expect(matchScreens(screens, 'ces').map((s) => s.label)).toEqual(['Practices']);
  });

  it('lists every screen for an empty query', () => {
    expect(matchScreens(screens, '')).toHaveLength(4);
  });
});
