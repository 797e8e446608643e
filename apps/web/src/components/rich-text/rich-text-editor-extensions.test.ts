import { describe, expect, it } from 'vitest';
import { altFromFileName } from './rich-text-editor-extensions.ts';

describe('an uploaded image’s text alternative', () => {
  it('is the file name without extension, separators as spaces', () => {
    expect(altFromFileName('circle-radius_2.png')).toBe('circle radius 2');
    expect(altFromFileName('वृत्त का क्षेत्रफल.jpeg')).toBe('वृत्त का क्षेत्रफल');
  });
  it('says "Image" when the name holds nothing else', () => {
    expect(altFromFileName('.png')).toBe('Image');
    expect(altFromFileName('')).toBe('Image');
  });
});
