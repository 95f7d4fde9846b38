import { describe, expect, it } from 'vitest';
import { heroColours } from './hero-colours';

describe('heroColours', () => {
  it('keeps the colour in the light theme and deepens it in the dark one', () => {
    const colours = heroColours('#0f766e')!;
    expect(colours.light.background).toBe('#0f766e');
    expect(colours.dark.background).not.toBe('#0f766e');
    expect(colours.light.text).toBe('#ffffff');
    expect(colours.dark.text).toBe('#ffffff');
  });
  it('writes in ink on a light colour', () => {
    const colours = heroColours('#fde68a')!;
    expect(colours.light.text).toBe('#111827');
    expect(heroColours('#fff')!.light.background).toBe('#ffffff');
  });
  it('ignores what is not a hex colour', () => {
    expect(heroColours('blue')).toBeNull();
  });
});
