import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../common/sanitize-html';
import { contentImageUrls, nativeHtml, replaceImageUrls } from './content';
import { openImport } from './sources/open-import';

const FIXTURES = join(__dirname, '../../test/fixtures/import');
const EMBED = (id: string) =>
  `<div data-youtube-video><iframe width="640" height="360" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/${id}"></iframe></div>`;
const ATTACHMENTS: Record<string, string> = { '20': 'http://old-blog.test/a.jpg', '21': 'http://old-blog.test/b.png' };
const wordpress = (html: string) => nativeHtml('wordpress', html, { attachmentUrl: (id) => ATTACHMENTS[id] });

describe('WordPress classic content gets paragraphs as wpautop() gives them', () => {
  it('makes a blank line a paragraph and a single newline a line break', () => {
    expect(wordpress('سطر أول\nسطر ثانٍ\n\nفقرة ثانية')).toBe('<p>سطر أول<br />سطر ثانٍ</p><p>فقرة ثانية</p>');
  });

  it('leaves blocks alone and gives the text between them paragraphs', () => {
    expect(wordpress('قبل\n<ul>\n<li>أ</li>\n</ul>\nبعد\n<h2>عنوان</h2>')).toBe(
      '<p>قبل</p><ul>\n<li>أ</li>\n</ul><p>بعد</p><h2>عنوان</h2>',
    );
  });

  it('keeps <pre> exactly as written', () => {
    expect(wordpress('<pre>a\n\n  b</pre>')).toBe('<pre dir="ltr"><code>a\n\n  b</code></pre>');
  });

  it('gives a quotation its paragraphs, and a list item its line breaks without a paragraph', () => {
    expect(wordpress('<blockquote>أ\n\nب</blockquote>')).toBe('<blockquote><p>أ</p><p>ب</p></blockquote>');
    expect(wordpress('<ul><li>أ\nب</li></ul>')).toBe('<ul><li>أ<br />ب</li></ul>');
  });

  it('does not double a line break that is written already', () => {
    expect(wordpress('أ<br />\nب')).toBe('<p>أ<br />ب</p>');
  });

  it('keeps formatting inside a paragraph and breaks lines inside it', () => {
    expect(wordpress('<strong>أ\nب</strong> ج')).toBe('<p><strong>أ<br />ب</strong> ج</p>');
  });

  it('drops <!--more-->: on a line of its own it separates paragraphs', () => {
    expect(wordpress('أ\n<!--more-->\nب')).toBe('<p>أ</p><p>ب</p>');
    expect(wordpress('أ\n\n<!--more-->\n\nب')).toBe('<p>أ</p><p>ب</p>');
  });

  it('drops spacer paragraphs', () => {
    expect(wordpress('<p>أ</p>\n<p>&nbsp;</p>\n<p>ب</p>')).toBe('<p>أ</p><p>ب</p>');
  });
});

describe('WordPress block-editor content', () => {
  it('drops the block comments, keeps their HTML and adds no paragraphs of its own', () => {
    const html =
      '<!-- wp:paragraph -->\n<p>فقرة</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">عنوان</h3>\n<!-- /wp:heading -->';
    expect(wordpress(html)).toBe('<p>فقرة</p><h3>عنوان</h3>');
  });

  it('makes an image block with a caption a figure, and one without a plain image', () => {
    expect(
      wordpress(
        '<!-- wp:image {"id":5} --><figure class="wp-block-image size-large"><a href="http://old-blog.test/big.jpg"><img src="http://old-blog.test/a.jpg" alt="صورة" class="wp-image-5"/></a><figcaption class="wp-element-caption">شرح</figcaption></figure><!-- /wp:image -->',
      ),
    ).toBe('<figure><img src="http://old-blog.test/a.jpg" alt="صورة" /><figcaption>شرح</figcaption></figure>');
    expect(
      wordpress(
        '<!-- wp:image --><figure class="wp-block-image"><img src="http://old-blog.test/a.jpg" alt=""/></figure><!-- /wp:image -->',
      ),
    ).toBe('<img src="http://old-blog.test/a.jpg" />');
  });

  it('makes a YouTube embed block the editor embed', () => {
    const html =
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure>\n<!-- /wp:embed -->';
    expect(wordpress(html)).toBe(EMBED('dQw4w9WgXcQ'));
  });

  it('makes a gallery block its pictures, one after another, with the gallery caption after them', () => {
    const html =
      '<!-- wp:gallery --><figure class="wp-block-gallery has-nested-images columns-2"><!-- wp:image --><figure class="wp-block-image"><img src="http://old-blog.test/1.jpg" alt=""/></figure><!-- /wp:image --><!-- wp:image --><figure class="wp-block-image"><img src="http://old-blog.test/2.jpg" alt=""/><figcaption>ثانية</figcaption></figure><!-- /wp:image --><figcaption class="blocks-gallery-caption">رحلة</figcaption></figure><!-- /wp:gallery -->';
    expect(wordpress(html)).toBe(
      '<img src="http://old-blog.test/1.jpg" /><figure><img src="http://old-blog.test/2.jpg" /><figcaption>ثانية</figcaption></figure><p>رحلة</p>',
    );
  });

  it('flattens layout blocks (columns, groups) to their content', () => {
    const html =
      '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>يمين</p><!-- /wp:paragraph --></div><!-- /wp:column --><!-- wp:column --><div class="wp-block-column"><p>يسار</p></div></div><!-- /wp:columns -->';
    expect(wordpress(html)).toBe('<p>يمين</p><p>يسار</p>');
  });
});

describe('WordPress shortcodes', () => {
  it('[caption] becomes a figure: the image (without its link) and the caption', () => {
    const html =
      '[caption id="attachment_21" align="aligncenter" width="640"]<a href="http://old-blog.test/full.png"><img class="size-large wp-image-21" src="http://old-blog.test/b.png" alt="مخطط" width="640" height="400" /></a> مخطط <em>البنية</em>[/caption]';
    expect(wordpress(html)).toBe(
      '<figure><img src="http://old-blog.test/b.png" alt="مخطط" width="640" height="400" /><figcaption>مخطط <em>البنية</em></figcaption></figure>',
    );
  });

  it('[caption caption="…"] (before WordPress 3.4) reads the caption from its attribute', () => {
    expect(
      wordpress('[caption id="" align="alignnone" width="300" caption="شرح قديم"]<img src="http://old-blog.test/a.jpg" />[/caption]'),
    ).toBe('<figure><img src="http://old-blog.test/a.jpg" /><figcaption>شرح قديم</figcaption></figure>');
  });

  it('[gallery ids] becomes the attachments’ images, skipping ids the export does not have', () => {
    expect(wordpress('قبل\n\n[gallery ids="20,99,21" columns="2"]\n\nبعد')).toBe(
      '<p>قبل</p><img src="http://old-blog.test/a.jpg" /><img src="http://old-blog.test/b.png" /><p>بعد</p>',
    );
  });

  it('a shortcode inside a paragraph splits it around the block it becomes', () => {
    expect(wordpress('<!-- wp:paragraph --><p>قبل [gallery ids="20"] بعد</p><!-- /wp:paragraph -->')).toBe(
      '<p>قبل </p><img src="http://old-blog.test/a.jpg" /><p>بعد</p>',
    );
    expect(wordpress('<p>قبل<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>بعد</p>')).toBe(
      `<p>قبل</p>${EMBED('dQw4w9WgXcQ')}<p>بعد</p>`,
    );
  });

  it('[gallery] without ids shows the images attached to the entry', () => {
    expect(nativeHtml('wordpress', '[gallery]', { attachedImageUrls: ['http://old-blog.test/x.jpg'] })).toBe(
      '<img src="http://old-blog.test/x.jpg" />',
    );
    expect(nativeHtml('wordpress', 'أ\n\n[gallery]')).toBe('<p>أ</p>');
  });

  it('[embed], [youtube URL], [youtube=URL] and a YouTube address alone on its line become the editor embed', () => {
    expect(wordpress('[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]')).toBe(EMBED('dQw4w9WgXcQ'));
    expect(wordpress('[embed width="500"]https://youtu.be/9bZkp7q19f0[/embed]')).toBe(EMBED('9bZkp7q19f0'));
    expect(wordpress('[youtube https://www.youtube.com/watch?v=kJQP7kiw5Fk]')).toBe(EMBED('kJQP7kiw5Fk'));
    expect(wordpress('[youtube=http://www.youtube.com/watch?v=kJQP7kiw5Fk&w=640&h=385]')).toBe(EMBED('kJQP7kiw5Fk'));
    expect(wordpress('شاهد:\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\nانتهى')).toBe(`<p>شاهد:</p>${EMBED('dQw4w9WgXcQ')}<p>انتهى</p>`);
  });

  it('an address inside a sentence stays a sentence', () => {
    expect(wordpress('انظر https://www.youtube.com/watch?v=dQw4w9WgXcQ هنا')).toBe(
      '<p>انظر https://www.youtube.com/watch?v=dQw4w9WgXcQ هنا</p>',
    );
  });

  it('[embed] of another site becomes a link on its own line', () => {
    expect(wordpress('[embed]https://vimeo.com/12345[/embed]')).toBe(
      '<p><a href="https://vimeo.com/12345">https://vimeo.com/12345</a></p>',
    );
  });

  it('[code lang] and [sourcecode language] become a code block: escaped, without paragraphs', () => {
    expect(wordpress('[code lang="js"]\nif (a < b && c) {\n\n  go();\n}\n[/code]')).toBe(
      '<pre dir="ltr"><code class="language-js">if (a &lt; b &amp;&amp; c) {\n\n  go();\n}</code></pre>',
    );
    expect(wordpress('[sourcecode language="PHP"]echo &quot;hi&quot;;[/sourcecode]')).toBe(
      '<pre dir="ltr"><code class="language-php">echo "hi";</code></pre>',
    );
  });

  it('leaves unknown shortcodes as text, and [[name]] as the literal [name]', () => {
    expect(wordpress('[contact-form-7 id="4"]')).toBe('<p>[contact-form-7 id="4"]</p>');
    expect(wordpress('[[gallery]]')).toBe('<p>[gallery]</p>');
  });
});

describe('Blogger content', () => {
  it('makes «<br /><br />» paragraphs and keeps single breaks', () => {
    expect(nativeHtml('blogger', '<div dir="rtl" style="text-align: right;" trbidi="on">أ<br />ب<br /><br />ج<br /></div>')).toBe(
      '<p>أ<br />ب</p><p>ج</p>',
    );
  });

  it('drops the separator wrapper and the link around a picture, keeping the picture', () => {
    const html =
      'نص<div class="separator" style="clear: both; text-align: center;"><a href="http://old-blog.test/s1600/a.jpg" imageanchor="1"><img border="0" src="http://old-blog.test/s320/a.jpg" width="320" /></a></div>';
    expect(nativeHtml('blogger', html)).toBe('<p>نص</p><img src="http://old-blog.test/s320/a.jpg" width="320" />');
  });

  it('makes a captioned picture (tr-caption-container) a figure', () => {
    const html =
      '<table class="tr-caption-container"><tbody><tr><td><a href="x"><img src="http://old-blog.test/a.jpg" /></a></td></tr><tr><td class="tr-caption">شرح</td></tr></tbody></table>';
    expect(nativeHtml('blogger', html)).toBe('<figure><img src="http://old-blog.test/a.jpg" /><figcaption>شرح</figcaption></figure>');
  });

  it('reads plain newlines as breaks when the post has no markup of its own (old «convert line breaks»)', () => {
    expect(nativeHtml('blogger', 'أ\nب\n\nج')).toBe('<p>أ<br />ب</p><p>ج</p>');
  });

  it('keeps a div of text as a paragraph with its direction and alignment', () => {
    expect(nativeHtml('blogger', '<div dir="ltr" style="text-align: left; font-family: Arial;">Hello</div>')).toBe(
      '<p dir="ltr" style="text-align: left">Hello</p>',
    );
  });
});

describe('Ghost content', () => {
  it('keeps an image card as figure + img + figcaption, without Ghost’s classes and sizes', () => {
    const html =
      '<figure class="kg-card kg-image-card kg-card-hascaption"><img src="/content/images/a.jpg" class="kg-image" alt loading="lazy" width="2000" height="1333" srcset="/content/images/size/w600/a.jpg 600w" sizes="(min-width: 720px) 720px"><figcaption><span style="white-space: pre-wrap;">شرح</span></figcaption></figure>';
    expect(nativeHtml('ghost', html)).toBe(
      '<figure><img src="/content/images/a.jpg" width="2000" height="1333" /><figcaption>شرح</figcaption></figure>',
    );
  });

  it('removes the HTML card markers, keeping the card', () => {
    expect(nativeHtml('ghost', '<!--kg-card-begin: html--><p>خام</p><!--kg-card-end: html-->')).toBe('<p>خام</p>');
  });

  it('makes an embed card the editor’s YouTube embed, and a bookmark card a link', () => {
    expect(
      nativeHtml(
        'ghost',
        '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen></iframe></figure>',
      ),
    ).toBe(EMBED('dQw4w9WgXcQ'));
    expect(
      nativeHtml(
        'ghost',
        '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://ghost.org/"><div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost</div></div><div class="kg-bookmark-thumbnail"><img src="https://ghost.org/t.png" alt=""></div></a></figure>',
      ),
    ).toBe('<p><a href="https://ghost.org/">Ghost</a></p>');
  });

  it('keeps the language of a code block and its text only', () => {
    expect(nativeHtml('ghost', '<pre><code class="language-python"><span class="k">print</span>(1 &lt; 2)</code></pre>')).toBe(
      '<pre dir="ltr"><code class="language-python">print(1 &lt; 2)</code></pre>',
    );
  });
});

describe('any platform', () => {
  it('turns an iframe that is not YouTube into a link to what it showed', () => {
    expect(nativeHtml('blogger', '<iframe src="https://maps.example.test/embed?q=1"></iframe>')).toBe(
      '<p><a href="https://maps.example.test/embed?q=1">https://maps.example.test/embed?q=1</a></p>',
    );
  });

  it('keeps only the attributes the editor writes: no event handlers', () => {
    const out = nativeHtml('wordpress', '<p onclick="x()">أ</p><img src="x" onerror="alert(1)">');
    expect(out).not.toMatch(/onclick|onerror/);
  });
});

describe('what every fixture entry becomes passes the sanitiser unchanged', () => {
  it.each(['wordpress-arabic.xml', 'wordpress-1.1.xml', 'blogger.xml', 'ghost.json'])('%s', async (file) => {
    const opened = await openImport(join(FIXTURES, file), { siteUrl: 'http://old-blog.test' });
    const urls = new Map(opened.attachments.map((attachment) => [attachment.sourceId, attachment.fileUrl]));
    for await (const entry of opened.entries()) {
      const html = nativeHtml(opened.platform, entry.content, { attachmentUrl: (id) => urls.get(id) });
      expect(sanitizeContent(html), `${file} entry ${entry.sourceId}`).toBe(html);
    }
  });
});

describe('contentImageUrls', () => {
  it('lists every image address once, in order, absolute or relative, without data: images', () => {
    const html =
      '<p><img src="http://old-blog.test/a.jpg"><img src="/content/b.png"></p><img src="http://old-blog.test/a.jpg"><img src="data:image/png;base64,AAAA"><img src="">';
    expect(contentImageUrls(html)).toEqual(['http://old-blog.test/a.jpg', '/content/b.png']);
  });
});

describe('replaceImageUrls', () => {
  it('rewrites img src, srcset candidates and links to a replaced image, and nothing else', () => {
    const html =
      '<p><a href="http://old-blog.test/a.jpg"><img src="http://old-blog.test/a.jpg" srcset="http://old-blog.test/a.jpg 1x, http://old-blog.test/a-2x.jpg 2x" alt="أ"></a> <a href="http://old-blog.test/page/">صفحة</a></p>';
    const map = new Map([['http://old-blog.test/a.jpg', '/uploads/2023/a.webp']]);
    expect(replaceImageUrls(html, map)).toBe(
      '<p><a href="/uploads/2023/a.webp"><img src="/uploads/2023/a.webp" srcset="/uploads/2023/a.webp 1x, http://old-blog.test/a-2x.jpg 2x" alt="أ" /></a> <a href="http://old-blog.test/page/">صفحة</a></p>',
    );
  });
});
