import { describe, expect, it } from 'vitest';
import { followSystemThemeWithoutScript as rewrite } from './system-theme-css';

describe('followSystemThemeWithoutScript', () => {
  it('gives dark rules a copy for a dark system without the script', () => {
    expect(rewrite('.dark .a{color:red}')).toBe('.dark .a{color:red}@media (prefers-color-scheme: dark){html:not(.light) .a{color:red}}');
    expect(rewrite('html.dark{color-scheme:dark}')).toBe(
      'html.dark{color-scheme:dark}@media (prefers-color-scheme: dark){html:not(.light){color-scheme:dark}}',
    );
  });
  it('keeps light rules off a dark system unless light was chosen', () => {
    expect(rewrite('html:not(.dark) .a{color:blue}')).toBe(
      '@media not all and (prefers-color-scheme: dark){html:not(.dark) .a{color:blue}}@media (prefers-color-scheme: dark){html.light .a{color:blue}}',
    );
  });
  it('splits a mixed selector list and leaves the rest alone', () => {
    expect(rewrite('html.dark .x,html:not(.dark) .y{display:none}')).toBe(
      'html.dark .x{display:none}@media not all and (prefers-color-scheme: dark){html:not(.dark) .y{display:none}}' +
        '@media (prefers-color-scheme: dark){html:not(.light) .x,html.light .y{display:none}}',
    );
    expect(rewrite('.darker,.a:is(.b,.c){content:"{.dark}"}')).toBe('.darker,.a:is(.b,.c){content:"{.dark}"}');
  });
  it('goes into layers and media queries, not into keyframes', () => {
    expect(rewrite('@layer a,b;@layer a{@media (min-width:10px){.dark .a{color:red}}}@keyframes k{0%{opacity:0}}')).toBe(
      '@layer a,b;@layer a{@media (min-width:10px){.dark .a{color:red}@media (prefers-color-scheme: dark){html:not(.light) .a{color:red}}}}@keyframes k{0%{opacity:0}}',
    );
  });
});
