import { describe, expect, it } from 'vitest';
import { LRI, PDI, RLI } from '@mudawwana/rules';
import { newCommentMail, replyMail } from './comment-mails';

const facts = { blogName: 'مدوّنة', postUrl: 'https://blog.example/post/x', authorName: 'هند', content: 'شكرًا' };

describe('comment mails', () => {
  it('quote the post’s title isolated in its language’s direction, in subject and body', () => {
    const arabic = newCommentMail('a@example.com', { ...facts, postTitle: 'Rust للمبتدئين', postDirection: 'rtl' }, null, 'https://a');
    expect(arabic.subject).toBe(`تعليق جديد على «${RLI}Rust للمبتدئين${PDI}»`);
    expect(arabic.text).toContain(`كتب هند على «${RLI}Rust للمبتدئين${PDI}»:`);
    const english = replyMail('r@example.com', { ...facts, postTitle: 'Hello, world!', postDirection: 'ltr' }, 'https://r', 'https://s');
    expect(english.subject).toBe(`ردّ جديد على تعليقك في «${LRI}Hello, world!${PDI}»`);
  });
});
