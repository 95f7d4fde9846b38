import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { headTitle } from '@mudawwana/rules';
import { shareImageOf, type HeadData } from './head';

/** Filled while the server renders one page: the HTTP status and the head tags the page asked for. */
export interface RenderContextValue {
  status: number;
  head: HeadData | null;
  /** Set when the page redirects on the server (answered with 302 and Location). */
  redirect?: string;
  /**
   * Site-wide parts (the footer) are left out as placeholders: the server renders them once as fragments and
   * composes them into every page when it is served (backend/src/site/page-store), so an edit that changes
   * the footer does not re-render every page.
   */
  siteFragments?: boolean;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

/** The placeholder of a site-wide fragment, replaced by the fragment's HTML when the page is served. */
export function fragmentPlaceholder(name: string): string {
  return `<template data-site-fragment="${name}"></template>`;
}

/** A site-wide part: its placeholder while the server renders a page without fragments, else the part itself. */
export function SiteFragment({ name, children }: { name: string; children: ReactNode }) {
  const ctx = useContext(RenderContext);
  return ctx?.siteFragments ? <template data-site-fragment={name} /> : children;
}

/** Sets the HTTP status of a server-rendered page (e.g. 404 for the not-found screens). No-op in the browser. */
export function HttpStatus({ code }: { code: number }) {
  const ctx = useContext(RenderContext);
  if (ctx) ctx.status = code;
  return null;
}

/** A redirect that works on both sides: an HTTP 302 from the server render, <Navigate replace> in the browser. */
export function Redirect({ to }: { to: string }) {
  const ctx = useContext(RenderContext);
  if (ctx) {
    ctx.status = 302;
    ctx.redirect = to;
    return null;
  }
  return <Navigate to={to} replace />;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Adds, moves or removes a <link rel> of the head (rel="prev" / rel="next" of a paginated list). */
function setLink(rel: 'prev' | 'next', path: string | undefined) {
  let el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!path) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = rel;
    document.head.appendChild(el);
  }
  el.href = new URL(path, window.location.origin).href;
}

/** Title, description, canonical URL, prev/next, Open Graph, Twitter card and JSON-LD of the current page. */
export function Seo(props: HeadData) {
  const ctx = useContext(RenderContext);
  if (ctx) ctx.head = props;
  const { title, direction, description, path, image, imageAlt, prev, next, noindex } = props;
  useEffect(() => {
    const fullTitle = headTitle(title, direction);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', new URL(path, window.location.origin).href);
    const shareImage = shareImageOf({ image, imageAlt, title });
    const imageUrl = new URL(shareImage.path, window.location.origin).href;
    setMeta('property', 'og:image', imageUrl);
    setMeta('name', 'twitter:image', imageUrl);
    setMeta('property', 'og:image:alt', shareImage.alt);
    setMeta('name', 'twitter:image:alt', shareImage.alt);
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = new URL(path, canonical.href).href;
    setLink('prev', prev);
    setLink('next', next);
    setMeta('name', 'robots', noindex ? 'noindex' : undefined);
  }, [title, direction, description, path, image, imageAlt, prev, next, noindex]);
  return null;
}
