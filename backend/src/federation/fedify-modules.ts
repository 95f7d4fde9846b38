import { createRequire } from 'node:module';
import type * as FedifyModule from '@fedify/fedify';
import type * as VocabModule from '@fedify/vocab';
import type * as TemporalModule from '@js-temporal/polyfill';

/**
 * Fedify, its vocabulary and the Temporal polyfill they need are loaded when the blog first federates, not at start
 * (docs/decisions/035): they are 15 MB of the serving thread's heap (issue 23's memory budget) that a blog nobody
 * follows never uses. Every other file imports only their types (the lint rule `@typescript-eslint/no-restricted-imports`
 * says so) and reaches their values through these. Loading them takes ~180 ms of the thread once, so a blog that
 * already federates loads them before it answers (FederationService.onApplicationBootstrap).
 */
const load = createRequire(__filename);
let fedifyModule: typeof FedifyModule | undefined;
let vocabModule: typeof VocabModule | undefined;
let temporalModule: typeof TemporalModule | undefined;

export const fedify = (): typeof FedifyModule => (fedifyModule ??= load('@fedify/fedify') as typeof FedifyModule);
export const vocab = (): typeof VocabModule => (vocabModule ??= load('@fedify/vocab') as typeof VocabModule);
export const temporal = (): typeof TemporalModule => (temporalModule ??= load('@js-temporal/polyfill') as typeof TemporalModule);
