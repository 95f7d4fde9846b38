import { describe, expect, it } from 'vitest';
import { firstStrongDirection, LRI, LRM, PDI, RLI, RLM } from '@mudawwana/rules';
import { confirmationMail, postMail } from './newsletter-mails';

const post = { excerpt: 'مقتطف', contentHtml: '<p>نص</p>', url: 'https://blog.example/post/x', imageUrl: null };

describe('postMail', () => {
  it('sends a Latin-first Arabic title as a right-to-left subject', () => {
    const mail = postMail('r@example.com', 'مدوّنة', { ...post, title: 'Rust للمبتدئين', language: 'ar' }, 'https://u');
    expect(mail.subject).toBe(`${RLM}${RLI}Rust للمبتدئين${PDI}`);
    expect(firstStrongDirection(mail.subject)).toBe('rtl');
    expect(mail.html).toContain('<div lang="ar" dir="rtl" style="text-align: right">');
  });

  it('sends an English post left to right, its part of the mail marked with its language', () => {
    const mail = postMail('r@example.com', 'مدوّنة', { ...post, title: 'Hello, world!', language: 'en' }, 'https://u');
    expect(mail.subject).toBe(`${LRM}${LRI}Hello, world!${PDI}`);
    expect(mail.html).toContain('<div lang="en" dir="ltr" style="text-align: left">');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});

describe('confirmationMail', () => {
  it('writes the hours the link is valid in the digits of the date setting', () => {
    expect(confirmationMail('r@example.com', 'مدوّنة', 'https://c', 'https://u').text).toContain('خلال 48 ساعة');
    expect(confirmationMail('r@example.com', 'مدوّنة', 'https://c', 'https://u', 'arab').text).toContain('خلال ٤٨ ساعة');
  });
});
