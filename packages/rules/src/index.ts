/** Rules both the API and the screens follow, in one place (docs/decisions/011-rules-package.md). */
export * from './blog.js';
export * from './categories.js';
export * from './home-layout.js';
export * from './image-variants.js';
export * from './limits.js';
export * from './pagination.js';
export * from './post-visibility.js';
export * from './routes.js';
export * from './slug.js';
export * from './social.js';
export * from './text.js';
export * from './notes-and-formulas.js';
export * from './arabic-search.js';
export * from './render-worker-protocol.js';
export * from './operation-matcher.js';
export * from './comments.js';
export * from './redirects.js';
