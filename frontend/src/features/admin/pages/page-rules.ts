/** Page editor validation (SPEC §5): 'Title is required', 'Content is required'. */
export interface PageErrors {
  title?: string;
  content?: string;
}

export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<(img|iframe|video|table)\b/gi, 'x')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length === 0
  );
}

export function validatePage(title: string, content: string, messages: { title: string; content: string }): PageErrors {
  const errors: PageErrors = {};
  if (!title.trim()) errors.title = messages.title;
  if (isBlankHtml(content)) errors.content = messages.content;
  return errors;
}
