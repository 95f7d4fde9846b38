import { defineConfig } from 'orval';

// The typed API client: TanStack Query hooks + axios, generated from the backend's OpenAPI document.
// Regenerate with `npm run api:generate` at the repository root; never edit the output by hand.
export default defineConfig({
  blog: {
    input: { target: '../openapi/openapi.json' },
    output: {
      mode: 'tags-split',
      target: 'src/api/generated/endpoints.ts',
      schemas: 'src/api/generated/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      prettier: false,
      override: {
        mutator: { path: 'src/api/http.ts', name: 'customInstance' },
        query: { signal: true },
      },
    },
  },
});
