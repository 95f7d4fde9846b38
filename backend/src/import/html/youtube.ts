import { element, type Element } from './dom';

// The same shapes the editor's YouTube dialog accepts (frontend editor-rules youtubeId), plus the nocookie host and
// the short watch links of mobile pages.
const VIDEO_ID = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|v\/|live\/)|youtu\.be\/)([\w-]{11})/;

/** The 11-character video id of a YouTube address, or null when it is not one. */
export function youtubeId(url: string): string | null {
  return VIDEO_ID.exec(url.replace(/&amp;/g, '&'))?.[1] ?? null;
}

/**
 * The editor's YouTube node as it is stored (Tiptap's extension with nocookie, 640×360, after the sanitiser has kept
 * its allowed attributes): a wrapper div and an iframe on youtube-nocookie.com.
 */
export function youtubeEmbed(id: string): Element {
  return element('div', { 'data-youtube-video': '' }, [
    element('iframe', { width: '640', height: '360', allowfullscreen: 'true', src: `https://www.youtube-nocookie.com/embed/${id}` }),
  ]);
}
