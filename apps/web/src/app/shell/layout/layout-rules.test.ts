import { describe, expect, it } from 'vitest';
import { deviceFor } from './use-layout-device.ts';
import { headerHiddenAfter } from './use-scroll-hidden.ts';

describe('layout rules', () => {
  it('is mobile below 1088 px and small mobile below 768 px', () => {
    expect(deviceFor(1088)).toBe('desktop');
    expect(deviceFor(1087)).toBe('mobile');
    expect(deviceFor(768)).toBe('mobile');
    expect(deviceFor(767)).toBe('small-mobile');
  });

  it('hides the header only after 100 px of downward scrolling and shows it when scrolling up', () => {
    expect(headerHiddenAfter(false, 50, 100)).toBe(false);
    expect(headerHiddenAfter(false, 100, 101)).toBe(true);
    expect(headerHiddenAfter(true, 300, 250)).toBe(false);
    expect(headerHiddenAfter(true, 300, 300)).toBe(true);
    expect(headerHiddenAfter(true, 300, 40)).toBe(false);
  });
});
