import { SeedDefaults1795304200000 } from '../seed-defaults';
import { Initial1795304100364 } from './1795304100364-Initial';

/** In order; each runs once per database. */
export const POSTGRES_MIGRATIONS = [Initial1795304100364, SeedDefaults1795304200000];
