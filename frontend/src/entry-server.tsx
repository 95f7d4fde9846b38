import { renderToString } from 'react-dom/server';

/** Placeholder server entry; the public-side issue replaces it with real SSR. */
export function render(): { html: string } {
  return { html: renderToString(<p>مدوّنة</p>) };
}
